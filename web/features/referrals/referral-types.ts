// Shapes of worker/modules/bonuses/referrals.ts.
export type TreeNode = {
  id: number;
  username: string;
  estado_suscripcion: string | null;
  /** chipTone of the state: success, danger, warning or neutral. */
  color: string;
  nivel: number;
  total_referidos: number;
  referidos: TreeNode[];
};

export type Referral = {
  id: number;
  user_name: string;
  nivel: number;
  sponsor_id: number;
  patrocinador: string | null;
  created_at: number;
  estado_suscripcion: string | null;
};

export type ReferralList = { data: Referral[]; total: number; por_nivel: number[] };

/** The API serves the tree three levels deep (the bonus depth). */
export const MAX_LEVEL = 3;
