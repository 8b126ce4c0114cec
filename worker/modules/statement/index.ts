// The bank-statement module's door (docs/decisions/0047-module-doors.md): the import of decision 0140.
export { amountOf, dateOf, movementsOf } from './parse';
export { statementRoutes } from './routes';
export { DEFAULT_BUDGET as STATEMENT_BUDGET, statementStep } from './steps';
