// What a member sees next to a select whose catalogue is still empty. Which catalogues member
// screens read is each registry entry's `firstRun` (worker/shared/resources.ts); the dashboard's
// first-run checklist lists them (worker/modules/reports/checklist.ts). Isomorphic.

/** What a member sees next to a select with nothing to choose. */
export const emptyCatalogueMessage = (label: string) =>
  `No hay opciones de ${label.toLowerCase()} todavía. Comunícate con el administrador para que las agregue.`;
