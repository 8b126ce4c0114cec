// Reference rows written by hand (sources in docs/decisions/0050-reference-data.md and 0075).
// Service catalogues (servicios, tipos de oral, masajes, fantasías, servicios virtuales,
// clasificación, busto, cola, polla, depilación) are left to the administrator.

/**
 * Establecimientos bancarios vigilados por la Superintendencia Financiera de Colombia, with the
 * three-digit bank code of the interbank clearing (ACH Colombia / CENIT) used in payment files.
 */
export const BANKS: readonly (readonly [string, string])[] = [
  ['001', 'Banco de Bogotá'],
  ['002', 'Banco Popular'],
  ['006', 'Banco Itaú'],
  ['007', 'Bancolombia'],
  ['009', 'Citibank Colombia'],
  ['012', 'Banco GNB Sudameris'],
  ['013', 'BBVA Colombia'],
  ['019', 'Scotiabank Colpatria'],
  ['023', 'Banco de Occidente'],
  ['031', 'Bancóldex'],
  ['032', 'Banco Caja Social'],
  ['040', 'Banco Agrario de Colombia'],
  ['047', 'Banco Mundo Mujer'],
  ['051', 'Banco Davivienda'],
  ['052', 'Banco AV Villas'],
  ['053', 'Banco W'],
  ['059', 'Bancamía'],
  ['060', 'Banco Pichincha'],
  ['061', 'Bancoomeva'],
  ['062', 'Banco Falabella'],
  ['063', 'Banco Finandina'],
  ['065', 'Banco Santander de Negocios Colombia'],
  ['066', 'Banco Cooperativo Coopcentral'],
  ['067', 'Mibanco'],
  ['069', 'Banco Serfinanza'],
  ['070', 'Lulo Bank'],
  ['071', 'J.P. Morgan Colombia'],
  ['303', 'Banco Unión'],
  ['558', 'Ban100'],
];

export const KINSHIP = [
  'Padre',
  'Madre',
  'Hijo',
  'Hija',
  'Hermano',
  'Hermana',
  'Cónyuge',
  'Compañero permanente',
  'Compañera permanente',
  'Abuelo',
  'Abuela',
  'Nieto',
  'Nieta',
  'Tío',
  'Tía',
  'Sobrino',
  'Sobrina',
  'Primo',
  'Prima',
  'Otro',
] as const;

/** Payment-method types (docs/product-spec.md §3): bank account (AH/CO), wallet, manager, model manager. */
export const PAYMENT_METHODS: readonly {
  nombre: string;
  tipo: 'CUENTA_BANCARIA' | 'BILLETERA' | 'CRIPTOMONEDA';
  descripcion: string;
}[] = [
  {
    nombre: 'Cuenta bancaria',
    tipo: 'CUENTA_BANCARIA',
    descripcion: 'Cuenta de ahorros (AH) o corriente (CO) en un banco colombiano',
  },
  { nombre: 'Billetera', tipo: 'BILLETERA', descripcion: 'Billetera (wallet), manager o model manager' },
  {
    nombre: 'Criptomoneda',
    tipo: 'CRIPTOMONEDA',
    descripcion: 'Dirección de una billetera de criptomonedas',
  },
];

export const CRYPTOCURRENCIES: readonly (readonly [string, string, string])[] = [
  ['BTC', 'Bitcoin', 'Bitcoin'],
  ['ETH', 'Ether', 'Ethereum'],
  ['USDT', 'Tether', 'TRC20'],
  ['USDC', 'USD Coin', 'ERC20'],
  ['BNB', 'BNB', 'BNB Smart Chain'],
  ['SOL', 'Solana', 'Solana'],
  ['XRP', 'XRP', 'XRP Ledger'],
  ['LTC', 'Litecoin', 'Litecoin'],
  ['TRX', 'TRON', 'TRON'],
  ['DOGE', 'Dogecoin', 'Dogecoin'],
  ['ADA', 'Cardano', 'Cardano'],
];

export const SOCIAL_NETWORKS: readonly (readonly [string, string])[] = [
  ['Instagram', 'https://www.instagram.com/'],
  ['Facebook', 'https://www.facebook.com/'],
  ['X', 'https://x.com/'],
  ['TikTok', 'https://www.tiktok.com/@'],
  ['YouTube', 'https://www.youtube.com/@'],
  ['Telegram', 'https://t.me/'],
  ['WhatsApp', 'https://wa.me/'],
  ['LinkedIn', 'https://www.linkedin.com/in/'],
  ['Snapchat', 'https://www.snapchat.com/add/'],
  ['Threads', 'https://www.threads.net/@'],
];

/** Neutral physical-description catalogues. */
export const PHYSICAL: Record<'ojos' | 'cabello' | 'cuerpo' | 'piel', readonly string[]> = {
  ojos: ['Negros', 'Cafés', 'Miel', 'Verdes', 'Azules', 'Grises'],
  cabello: ['Liso', 'Ondulado', 'Rizado', 'Crespo', 'Sin cabello'],
  cuerpo: ['Delgado', 'Atlético', 'Promedio', 'Curvilíneo', 'Robusto'],
  piel: ['Muy clara', 'Clara', 'Trigueña', 'Morena', 'Oscura'],
};

/** Currencies active on a fresh install; the rest are loaded inactive. */
export const ACTIVE_CURRENCIES = new Set(['COP', 'USD', 'EUR']);

/**
 * DANE's categories, each with the source it is quoted from (the description a member's select
 * and the grid show). Wording checked against copies of the questionnaires; see
 * docs/decisions/0075-divipola-and-dane-categories.md.
 */
const CNPV_2018 = 'DANE, Censo Nacional de Población y Vivienda 2018: autorreconocimiento étnico';
const ENCSPA_2019_ORIENTACION =
  'DANE, Encuesta Nacional de Consumo de Sustancias Psicoactivas 2019: orientación sexual';
const ENCSPA_2019_IDENTIDAD =
  'DANE, Encuesta Nacional de Consumo de Sustancias Psicoactivas 2019: identidad de género';

export const ETHNIC_GROUPS: readonly (readonly [string, string])[] = [
  ['Indígena', CNPV_2018],
  ['Gitano(a) o Rrom', CNPV_2018],
  ['Raizal del Archipiélago de San Andrés, Providencia y Santa Catalina', CNPV_2018],
  ['Palenquero(a) de San Basilio', CNPV_2018],
  ['Negro(a), mulato(a), afrodescendiente, afrocolombiano(a)', CNPV_2018],
  ['Ningún grupo étnico', CNPV_2018],
];

export const SEXUAL_ORIENTATIONS: readonly (readonly [string, string])[] = [
  ['Heterosexual', ENCSPA_2019_ORIENTACION],
  ['Gay o lesbiana', ENCSPA_2019_ORIENTACION],
  ['Bisexual', ENCSPA_2019_ORIENTACION],
  ['Otra', ENCSPA_2019_ORIENTACION],
];

export const GENDER_IDENTITIES: readonly (readonly [string, string])[] = [
  ['Masculino', ENCSPA_2019_IDENTIDAD],
  ['Femenino', ENCSPA_2019_IDENTIDAD],
  ['Transgénero masculino', ENCSPA_2019_IDENTIDAD],
  ['Transgénero femenino', ENCSPA_2019_IDENTIDAD],
  ['Otro', ENCSPA_2019_IDENTIDAD],
];
