// «Certificado de ingresos y retenciones {año}» (decision 0450): the member picks the year and
// downloads his PDF; a year without payments answers the server's Spanish message as a toast.
import { certificateTitle } from '@shared/withholding';
import { FileTextIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { download } from '@/lib/transfer';

export function CertificateDownload({ years }: { years: number[] }) {
  const [anio, setAnio] = useState(years[0]!);
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!years.length) return null;
  const get = async () => {
    setBusy(true);
    await download(`/bonos/certificados/${anio}`, undefined, `certificado-retenciones-${anio}.pdf`);
    setBusy(false);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm">
        Año
      </label>
      <Select id={id} value={anio} onChange={(e) => setAnio(Number(e.target.value))} className="w-28">
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </Select>
      <Button variant="outline" disabled={busy} onClick={() => void get()}>
        {busy ? <Spinner label="Descargando certificado" /> : <FileTextIcon />}
        {certificateTitle(anio)}
      </Button>
    </div>
  );
}
