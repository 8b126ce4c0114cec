import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export type ImportReport = {
  total: number;
  crear: number;
  actualizar: number;
  errores: { fila: number; columna: string; mensaje: string }[];
  errores_total: number;
  columnas: { encabezado: string; campo: string; nombre: string }[];
  ignoradas: string[];
  muestra: { fila: number; accion: 'crear' | 'actualizar' | 'error'; valores: Record<string, unknown> }[];
  aplicado: boolean;
};

const ACTION = { crear: 'Nuevo', actualizar: 'Actualiza', error: 'Con errores' } as const;

/** The preview of an import: counts, the row-by-row errors and the first rows as read. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const withErrors = new Set(report.errores.map((e) => e.fila)).size;
  return (
    <div className="grid gap-3 text-sm">
      <p aria-live="polite" data-testid="import-summary">
        <bdi dir="ltr">{formatNumber(report.total)}</bdi> filas:{' '}
        <bdi dir="ltr">{formatNumber(report.crear)}</bdi> nuevas,{' '}
        <bdi dir="ltr">{formatNumber(report.actualizar)}</bdi> por actualizar
        {report.errores_total > 0 && (
          <>
            , <strong className="text-destructive">{formatNumber(report.errores_total)} errores</strong>
          </>
        )}
        .
      </p>
      <p className="text-muted-foreground">
        Columnas reconocidas:{' '}
        {report.columnas
          .map((c) => (c.encabezado === c.campo ? c.campo : `${c.encabezado} → ${c.campo}`))
          .join(', ')}
        .
      </p>
      {report.ignoradas.length > 0 && (
        <p className="text-muted-foreground">Columnas ignoradas: {report.ignoradas.join(', ')}.</p>
      )}
      {report.errores.length > 0 && (
        <div className="max-h-56 overflow-auto rounded-md border">
          <Table aria-label="Errores de validación por fila">
            <TableHeader>
              <TableRow>
                <TableHead>Fila</TableHead>
                <TableHead>Columna</TableHead>
                <TableHead>Error</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.errores.map((e, i) => (
                <TableRow key={i}>
                  <TableCell dir="ltr" className="tabular-nums">
                    {e.fila}
                  </TableCell>
                  <TableCell>{e.columna}</TableCell>
                  <TableCell>{e.mensaje}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {report.errores_total > report.errores.length && (
            <p className="p-2 text-muted-foreground">
              Se muestran {report.errores.length} de {formatNumber(report.errores_total)} errores (
              {withErrors} filas).
            </p>
          )}
        </div>
      )}
      {report.muestra.length > 0 && (
        <div className="max-h-56 overflow-auto rounded-md border">
          <Table aria-label="Vista previa de las primeras filas">
            <TableHeader>
              <TableRow>
                <TableHead>Fila</TableHead>
                <TableHead>Acción</TableHead>
                {report.columnas.map((c) => (
                  <TableHead key={c.campo}>{c.campo}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.muestra.map((r) => (
                <TableRow key={r.fila}>
                  <TableCell dir="ltr" className="tabular-nums">
                    {r.fila}
                  </TableCell>
                  <TableCell>
                    <Badge variant={r.accion === 'error' ? 'destructive' : 'secondary'}>
                      {ACTION[r.accion]}
                    </Badge>
                  </TableCell>
                  {report.columnas.map((c) => {
                    const value = r.valores[c.nombre];
                    return (
                      <TableCell key={c.campo}>
                        {value === null || value === undefined ? '' : String(value)}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
