// The payment-gateway module's door (docs/decisions/0047-module-doors.md): online payment, decision 0141.
export { gatewayRoutes } from './routes';
export { GATEWAY_RETRY_MINUTES, resumeGatewayClaims } from './claims';
