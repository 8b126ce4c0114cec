// The member's referrals by level (Nivel 1 / 2 / 3 with their counts): usuario, patrocinador,
// nivel, subscription chip and registration date. One call; the levels are tabs over it.
import { MSG } from '@shared/messages';
import { ListTreeIcon } from 'lucide-react';
import { useState } from 'react';
import { ReadView } from '@/components/feedback/read-view';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatNumber, plural } from '@/lib/format';
import { LevelTable } from '@/features/referrals/level-table';
import { getReferrals } from '@/features/referrals/referral-api';
import { keyOf, useRead } from '@/lib/query';

const LEVELS = [1, 2, 3] as const;

export function ReferralsByLevel() {
  const res = useRead(keyOf('/general/referidos'), getReferrals);
  const [nivel, setNivel] = useState('1');
  const list = res.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListTreeIcon aria-hidden className="size-5 text-primary" />
          Referidos por nivel
        </CardTitle>
        <CardDescription>
          {list
            ? `${plural(list.total, 'referido', 'referidos')} en total`
            : 'Tus referidos de los niveles 1, 2 y 3.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ReadView read={res} errorMessage={MSG.tableError} loading={<Skeleton className="h-40 w-full" />}>
          {(list) => (
            <Tabs value={nivel} onValueChange={setNivel}>
              <TabsList aria-label="Nivel">
                {LEVELS.map((n) => (
                  // The visible text "Nivel 1 2" (a space before the badge) is part of the name, as axe's
                  // label-content-name-mismatch asks.
                  <TabsTrigger
                    key={n}
                    value={String(n)}
                    aria-label={`Nivel ${n}: ${list.por_nivel[n - 1] ?? 0} ${list.por_nivel[n - 1] === 1 ? 'referido' : 'referidos'}`}
                  >
                    Nivel {n}{' '}
                    <Badge variant="secondary" className="ms-1 tabular-nums">
                      {formatNumber(list.por_nivel[n - 1] ?? 0)}
                    </Badge>
                  </TabsTrigger>
                ))}
              </TabsList>
              {LEVELS.map((n) => (
                <TabsContent key={n} value={String(n)}>
                  <LevelTable nivel={n} rows={list.data.filter((r) => r.nivel === n)} />
                </TabsContent>
              ))}
            </Tabs>
          )}
        </ReadView>
      </CardContent>
    </Card>
  );
}
