import { StatusChip } from '@/components/status/status-chip';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { Purchase } from '@/features/shop/shop-api';
import { formatDate, formatMoney, formatNumber, plural } from '@/lib/format';

const num = 'text-end tabular-nums';

/** The lines of a purchase with subtotal and total (spec §9: they are equal), and its subscriptions. */
export function PurchaseLines({ compra }: { compra: Purchase }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Productos</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="overflow-x-auto rounded-lg border">
          <Table aria-label="Productos de la compra" scrollable>
            <TableHeader>
              <TableRow>
                <TableHead>Producto</TableHead>
                <TableHead className="text-end">Cantidad</TableHead>
                <TableHead className="text-end">Precio</TableHead>
                <TableHead className="text-end">Subtotal</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {compra.lineas.map((l) => (
                <TableRow key={l.id}>
                  {/* Code and kind under the name: four columns fit beside the receipt at 1280 px. */}
                  <TableCell className="whitespace-normal">
                    <span className="block font-medium">{l.nombre}</span>
                    <span className="block text-xs text-muted-foreground">
                      <span>{l.codigo}</span> · {l.tipo === 'suscripcion' ? 'Suscripción' : 'Producto'}
                    </span>
                  </TableCell>
                  <TableCell className={num}>{formatNumber(l.cantidad)}</TableCell>
                  <TableCell className={num}>{formatMoney(l.precio)}</TableCell>
                  <TableCell className={num}>{formatMoney(l.subtotal)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={3} className="text-end">
                  Subtotal
                </TableCell>
                <TableCell className={num}>{formatMoney(compra.total)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={3} className="text-end font-semibold">
                  Total ({plural(compra.total_items, 'artículo', 'artículos')})
                </TableCell>
                <TableCell className={`${num} font-semibold`} data-testid="purchase-total">
                  {formatMoney(compra.total)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </div>
        {compra.suscripciones.length > 0 && (
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">Suscripciones de esta compra</h3>
            <ul className="grid gap-2">
              {compra.suscripciones.map((s) => (
                <li
                  key={s.id}
                  className="flex flex-wrap items-center gap-3 rounded-lg border px-3 py-2 text-sm"
                >
                  <span className="font-medium">{s.tipo}</span>
                  <StatusChip status={s.estado} />
                  <span className="text-muted-foreground">
                    {s.fecha_inicio
                      ? `Del ${formatDate(s.fecha_inicio)} al ${formatDate(s.fecha_fin)}`
                      : 'Se activa cuando la compra esté pagada'}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
