import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLabelOf } from '@/features/review/use-label-of';

type Location = {
  id?: number;
  pais_id: number;
  departamento_id: number | null;
  ciudad_id: number | null;
  zona: string | null;
};

function LocationRow({ loc }: { loc: Location }) {
  const pais = useLabelOf('paises');
  const depto = useLabelOf('departamentos', { pais_id: loc.pais_id }, !!loc.departamento_id);
  const ciudad = useLabelOf(
    'ciudades',
    loc.departamento_id ? { departamento_id: loc.departamento_id } : {},
    !!loc.ciudad_id,
  );
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
          <LocationRow key={u.id ?? i} loc={u} />
        ))}
      </TableBody>
    </Table>
  );
}
