// /register's privacy notice (docs/privacy.md «Aviso y autorizaciones»): the notice in force, read
// from GET /privacidad/aviso, and its purposes as separate unticked checkboxes.
import { MSG } from '@shared/messages';
import { ErrorState } from '@/components/feedback/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { getNotice, NOTICE_PATH } from '@/lib/privacy-api';
import { PurposeChecklist } from '@/components/privacy/purpose-checklist';
import { keyOf, useRead } from '@/lib/query';

type Props = { value: string[]; onChange: (codes: string[]) => void; error?: string };

export function PrivacyNoticeField({ value, onChange, error }: Props) {
  const notice = useRead(keyOf(NOTICE_PATH), async (signal) => (await getNotice(signal)).data);
  if (notice.status === 'error') return <ErrorState message={MSG.formError} onRetry={notice.reload} />;
  if (notice.status !== 'ready') return <Skeleton className="h-32" />;
  return (
    <section aria-labelledby="aviso-privacidad" className="grid gap-3">
      <h2 id="aviso-privacidad" className="text-base font-semibold">
        Aviso de privacidad (versión {notice.data.version})
      </h2>
      <div className="max-h-40 overflow-y-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-sm leading-relaxed">
        {notice.data.texto}
      </div>
      <PurposeChecklist purposes={notice.data.finalidades} value={value} onChange={onChange} error={error} />
    </section>
  );
}
