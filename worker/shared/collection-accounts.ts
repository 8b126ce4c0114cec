// Collection accounts (decision 0130): the rules across fields that a registry field list cannot
// say. Which fields an account needs follows its payment method's tipo (a bank account, a wallet
// such as Nequi or Daviplata, a cryptocurrency); a NIT carries the DIAN check digit (nit.ts).
// Isomorphic: the API enforces it (worker/modules/resources) and the payment instructions read
// FIELDS_BY_TIPO to show only what applies.
import { MSG } from './messages';
import { isValidNit, NIT_MESSAGE } from './nit';

export const ACCOUNT_TYPES = [
  { value: 'AH', label: 'Ahorros (AH)' },
  { value: 'CO', label: 'Corriente (CO)' },
] as const;
export const HOLDER_DOCUMENT_TYPES = [
  { value: 'NIT', label: 'NIT' },
  { value: 'CC', label: 'Cédula de ciudadanía (CC)' },
] as const;

/** The fields each kind of payment method needs (required), beside nombre and the method. */
export const FIELDS_BY_TIPO: Record<string, readonly string[]> = {
  CUENTA_BANCARIA: ['banco_id', 'tipo_cuenta', 'numero', 'titular', 'tipo_documento', 'documento'],
  BILLETERA: ['numero', 'titular'],
  CRIPTOMONEDA: ['criptomoneda_id', 'red', 'direccion'],
};

export const ACCOUNT_MESSAGES = {
  accountNumber: 'El número de cuenta solo puede tener dígitos (entre 4 y 20)',
  phone: 'El celular debe tener 10 dígitos y empezar por 3 (p. ej. 3001234567)',
  cc: 'La cédula debe tener entre 5 y 10 dígitos',
  address: 'La dirección solo puede tener letras, números y los signos : _ -',
  documentType: 'Indica si el documento es NIT o CC',
} as const;

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** Field errors of one collection account whose payment method has `tipo`; empty when valid. */
export function collectionAccountErrors(
  body: Record<string, unknown>,
  tipo: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const f of FIELDS_BY_TIPO[tipo] ?? []) if (blank(body[f])) errors[f] = [MSG.required];
  const numero = typeof body.numero === 'string' ? body.numero.replace(/[\s-]/g, '') : '';
  if (numero && !errors.numero) {
    if (tipo === 'CUENTA_BANCARIA' && !/^\d{4,20}$/.test(numero))
      errors.numero = [ACCOUNT_MESSAGES.accountNumber];
    if (tipo === 'BILLETERA' && !/^3\d{9}$/.test(numero)) errors.numero = [ACCOUNT_MESSAGES.phone];
  }
  const documento = typeof body.documento === 'string' ? body.documento.trim() : '';
  if (documento && !errors.documento) {
    if (body.tipo_documento === 'NIT' && !isValidNit(documento)) errors.documento = [NIT_MESSAGE];
    else if (body.tipo_documento === 'CC' && !/^\d{5,10}$/.test(documento.replace(/\./g, '')))
      errors.documento = [ACCOUNT_MESSAGES.cc];
    else if (blank(body.tipo_documento)) errors.tipo_documento = [ACCOUNT_MESSAGES.documentType];
  }
  if (typeof body.direccion === 'string' && body.direccion && !/^[0-9A-Za-z:_-]+$/.test(body.direccion))
    errors.direccion = [ACCOUNT_MESSAGES.address];
  return errors;
}
