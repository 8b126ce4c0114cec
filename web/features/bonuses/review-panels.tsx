// The review helper's panels on Liquidación de bonos (decisions 0221–0223): the selected
// cycle's close review and comparison, and its manual adjustments; the settings card is mounted
// on its own.
import { ReviewAdjustmentsCard } from '@/features/bonuses/review-adjustments-card';
import { ReviewCycleCard } from '@/features/bonuses/review-cycle-card';
import { STATE } from '@shared/workflow';

export { ReviewSettingsCard } from '@/features/bonuses/review-settings-card';

type Props = { cycle: { id: number; clave: string; estado: string }; onChanged: () => void };

export function ReviewPanels({ cycle, onChanged }: Props) {
  return (
    <>
      {cycle.estado === STATE.LIQUIDADO && <ReviewCycleCard cycle={cycle} />}
      <ReviewAdjustmentsCard cycle={cycle} onChanged={onChanged} />
    </>
  );
}
