import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLabelOf } from '@/lib/lookups';

type Location = {
  id?: number;
  pais_id: number;
  departamento_id: number | null;
  ciudad_id: number | null;
  zona: string | null;
};

type Label = (id: unknown) => string | null;

function LocationRow({
  loc,
  pais,
  depto,
  ciudad,
}: {
  loc: Location;
  pais: Label;
  depto: Label;
  ciudad: Label;
}) {
  return (
    <TableRow>
      <TableCell>{pais(loc.pais_id)}</TableCell>
      <TableCell>{depto(loc.departamento_id) ?? '—'}</TableCell>
      <TableCell>{ciudad(loc.ciudad_id) ?? '—'}</TableCell>
      <TableCell>{loc.zona ?? '—'}</TableCell>
    </TableRow>
  );
}

/** The profile's locations, read-only. */
export function LocationsSection({ ubicaciones }: { ubicaciones: Location[] }) {
  // One read per catalogue for every row's places.
  const pais = useLabelOf(
    'paises',
    ubicaciones.map((u) => u.pais_id),
  );
  const depto = useLabelOf(
    'departamentos',
    ubicaciones.map((u) => u.departamento_id),
  );
  const ciudad = useLabelOf(
    'ciudades',
    ubicaciones.map((u) => u.ciudad_id),
  );
  if (!ubicaciones.length)
    return <p className="text-sm text-muted-foreground">Sin ubicaciones registradas.</p>;
  return (
    <Table aria-label="Ubicaciones">
      <TableHeader>
        <TableRow>
          <TableHead>País</TableHead>
          <TableHead>Departamento</TableHead>
          <TableHead>Ciudad</TableHead>
          <TableHead>Zona</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {ubicaciones.map((u, i) => (
          <LocationRow key={u.id ?? i} loc={u} pais={pais} depto={depto} ciudad={ciudad} />
        ))}
      </TableBody>
    </Table>
  );
}
