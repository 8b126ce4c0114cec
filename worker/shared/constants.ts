// Business constants of docs/product-spec.md §3 («Constants»).
export const CONSTANTS = {
  generos: [
    { codigo: 'MA', nombre: 'Masculino' },
    { codigo: 'F', nombre: 'Femenino' },
  ],
  tiposCuenta: [
    { codigo: 'AH', nombre: 'Ahorros' },
    { codigo: 'CO', nombre: 'Corriente' },
  ],
  tiposBilletera: [
    { codigo: 'MANAGER', nombre: 'Manager' },
    { codigo: 'MODEL_MANAGER', nombre: 'Model manager' },
    { codigo: 'WALLET', nombre: 'Billetera' },
    { codigo: 'CUENTA_BANCARIA', nombre: 'Cuenta bancaria' },
  ],
} as const;
