// The electronic-invoicing provider port (decision 0436): the app hands an invoice or a credit note
// to a provider that builds the UBL 2.1 document, signs it, has the DIAN validate it and answers its
// CUFE (CUDE), QR and files. Factus is the adapter (adapters/factus.ts); without one the documents
// wait as PENDIENTE.

export type Party = {
  /** Identification document: DIAN code (13 cédula, 31 NIT, 22 cédula de extranjería, 41 pasaporte). */
  documento: string;
  identificacion: string;
  dv?: string | null;
  nombre: string;
  /** Natural person or company (legal organization). */
  persona: 'NATURAL' | 'JURIDICA';
  direccion?: string | null;
  email?: string | null;
  telefono?: string | null;
  municipioDane?: string | null;
};

export type DocumentLine = {
  codigo: string;
  nombre: string;
  cantidad: number;
  /** COP cents per unit, VAT included. */
  precio: number;
  /** VAT rate, percent (19, 5, 0). */
  tarifa: number;
};

export type InvoiceDocument = {
  /** Our reference, unique per document: the provider refuses a second document with it. */
  referencia: string;
  /** The provider's numbering range (the resolution's `proveedor_rango_id`), when given. */
  rangoId?: number | null;
  prefijo: string | null;
  numero: number | null;
  fecha: number;
  comprador: Party;
  lineas: DocumentLine[];
  observacion?: string;
};

export type CreditNoteDocument = InvoiceDocument & {
  /** The provider's id of the invoice it reverses. */
  facturaProveedorId: number;
  motivo: string;
};

export type Issued = {
  ok: true;
  /** The provider's id and number of the document. */
  proveedorId: number;
  numero: string;
  /** CUFE (invoice) or CUDE (credit note). */
  cufe: string;
  qr: string;
  pdf: Uint8Array | null;
  xml: Uint8Array | null;
};
/** `retry`: a transient failure (network, 5xx, the provider busy); otherwise the data must be fixed. */
export type Refused = { ok: false; retry: boolean; message: string };
export type ProviderAnswer = Issued | Refused;

export interface EInvoicing {
  readonly name: string;
  issueInvoice(doc: InvoiceDocument): Promise<ProviderAnswer>;
  issueCreditNote(doc: CreditNoteDocument): Promise<ProviderAnswer>;
}
