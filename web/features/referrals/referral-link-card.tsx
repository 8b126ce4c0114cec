// The member's referral link (/register/{code}) with a copy button.
import { MSG } from '@shared/messages';
import { CopyIcon, Link2Icon } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { ReadView } from '@/components/feedback/read-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { getReferralLink } from '@/features/referrals/referral-api';
import { copyText } from '@/lib/clipboard';
import { keyOf, useRead } from '@/lib/query';

const copy = copyText;

export function ReferralLinkCard() {
  const id = useId();
  const res = useRead(keyOf('/general/referidos/link'), getReferralLink);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2Icon aria-hidden className="size-5 text-primary" />
          Mi enlace de referido
        </CardTitle>
        <CardDescription>
          Comparte este enlace: quienes se registren con él quedarán como tus referidos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ReadView read={res} loading={<Skeleton className="h-9 w-full" />}>
          {({ data: { code, link } }) => (
            <div className="grid gap-2">
              <label htmlFor={id} className="text-sm font-medium">
                Enlace de referido <span className="font-normal text-muted-foreground">(código {code})</span>
              </label>
              <div className="flex flex-wrap gap-2 sm:flex-nowrap">
                <Input
                  id={id}
                  readOnly
                  value={link}
                  className="font-mono"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button
                  onClick={() =>
                    copy(link).then(
                      () => toast.success(MSG.linkCopied),
                      () => toast.error(MSG.copyFailed),
                    )
                  }
                >
                  <CopyIcon />
                  Copiar enlace
                </Button>
              </div>
            </div>
          )}
        </ReadView>
      </CardContent>
    </Card>
  );
}
