// The payment-gateway module's door (docs/decisions/0047-module-doors.md): issue 23 item 6.
export { gatewayRoutes } from './routes';
export { GATEWAY_RETRY_MINUTES, resumeGatewayClaims } from './claims';
