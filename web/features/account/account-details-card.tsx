// Who the account is: e-mail, user name, names and since when; and the download of its records.
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import type { Account } from '@/features/account/account-api';
import { formatDate } from '@/lib/format';
import { download } from '@/lib/transfer';

export function AccountDetailsCard({ account }: { account: Account }) {
  const [downloading, setDownloading] = useState(false);
  const fullName = [account.nombres, account.apellidos].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    ['Correo electrónico', account.email ?? '—'],
    ['Nombre de usuario', account.user_name ?? '—'],
    ['Nombres y apellidos', fullName || '—'],
    ['Miembro desde', formatDate(account.created_at)],
  ];
  const save = async () => {
    setDownloading(true);
    // download() already shows 'No fue posible realizar la descarga' when it fails.
    await download('/auth/account/export', undefined, 'mis-datos.xlsx');
    setDownloading(false);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Datos de la cuenta</CardTitle>
        <CardDescription>Para cambiar tus datos personales usa Información personal.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="break-all font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-3 border-t pt-6">
        <p className="text-sm text-muted-foreground">
          Un libro de Excel con tu información, compras, suscripciones, bonos y notificaciones.
        </p>
        <Button variant="outline" onClick={save} disabled={downloading}>
          <DownloadIcon />
          {downloading ? 'Descargando...' : 'Descargar mis datos'}
        </Button>
      </CardFooter>
    </Card>
  );
}
