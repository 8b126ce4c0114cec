// The privacy module's door (decision 0047): the notice and the consent ledger (docs/privacy.md
// «Aviso y autorizaciones»), joined into the rights desk's router at /privacidad.
export { currentNotice, type Notice } from './notice';
export { privacyRoutes } from './routes';
