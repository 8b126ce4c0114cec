// The open sessions of the account (browser, when it started, last use) and closing all but this one.
import { MSG } from '@shared/messages';
import { LogOutIcon, MonitorSmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AccountSession } from '@/features/account/account-api';
import { deviceLabel } from '@/features/account/device-label';
import { formatDateTime } from '@/lib/format';
import { closeOtherSessions } from '@/features/account/account-api';
import { useWrite } from '@/lib/mutation';

export function SessionsCard({ sessions, onChanged }: { sessions: AccountSession[]; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const others = sessions.filter((s) => !s.actual).length;

  const write = useWrite({
    send: closeOtherSessions,
    onSaved: () => onChanged(),
    errors: 'notify',
    fallback: MSG.requestError,
  });
  const closing = write.busy;
  const closeOthers = async () => {
    setConfirming(false);
    await write.run();
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Sesiones activas</CardTitle>
          <CardDescription>
            {others
              ? `Tienes ${others} ${others === 1 ? 'sesión abierta' : 'sesiones abiertas'} además de esta.`
              : 'Solo tienes abierta esta sesión.'}
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={!others || closing}>
          <LogOutIcon />
          Cerrar las demás sesiones
        </Button>
      </CardHeader>
      <CardContent>
        <Table aria-label="Sesiones activas">
          <TableHeader>
            <TableRow>
              <TableHead>Dispositivo</TableHead>
              <TableHead>Iniciada</TableHead>
              <TableHead>Último uso</TableHead>
              <TableHead>Vence</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sessions.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  <span className="flex items-center gap-2">
                    <MonitorSmartphoneIcon aria-hidden className="size-4 text-muted-foreground" />
                    <span title={s.dispositivo ?? undefined}>{deviceLabel(s.dispositivo, s.tipo)}</span>
                    {s.actual && <Badge variant="success">Esta sesión</Badge>}
                  </span>
                </TableCell>
                <TableCell className="tabular-nums">{formatDateTime(s.creada_at)}</TableCell>
                <TableCell className="tabular-nums">
                  {formatDateTime(s.ultimo_uso_at ?? s.creada_at)}
                </TableCell>
                <TableCell className="tabular-nums">{formatDateTime(s.expira_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} onConfirm={closeOthers} destructive />
    </Card>
  );
}
