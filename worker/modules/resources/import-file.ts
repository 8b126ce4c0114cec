// Reads an uploaded import file: .xlsx (by its bytes) or UTF-8 text CSV; refuses anything else
// and files over the row or size limit with a Spanish message.
import { HttpError, invalid, unsupported } from '../../platform/errors';
import { readCsv } from '../../platform/csv-read';
import { sniff } from '../../platform/uploads';
import { readXlsx, XlsxError, type ReadCell } from '../../platform/xlsx-read';
import { plural } from '../../shared/plural';
import { IMPORT_MAX_ROWS, type ImportReport } from './import';

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const nf = new Intl.NumberFormat('en-US');

export async function importRows(file: File): Promise<ReadCell[][]> {
  if (file.size > IMPORT_MAX_BYTES)
    throw new HttpError(413, 'El archivo supera el máximo de 20 MB para importar');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!bytes.length) throw invalid({ file: ['El archivo está vacío'] });
  let rows: ReadCell[][];
  // A zip (PK\3\4) is read as a workbook, so a damaged .xlsx is named as such.
  if (
    sniff(bytes) === 'xlsx' ||
    (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4)
  ) {
    try {
      rows = await readXlsx(bytes, IMPORT_MAX_ROWS + 2);
    } catch (err) {
      if (err instanceof XlsxError) throw invalid({ file: [err.message] });
      if (err instanceof RangeError)
        throw invalid({ file: ['El archivo es demasiado grande para importar'] });
      throw invalid({ file: ['El archivo .xlsx está dañado o no es un libro de Excel'] });
    }
  } else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw unsupported('Tipo de archivo no permitido. Se aceptan: xlsx, csv (UTF-8)');
    }
    if (text.includes('\u0000'))
      throw unsupported('Tipo de archivo no permitido. Se aceptan: xlsx, csv (UTF-8)');
    rows = await readCsv(text, IMPORT_MAX_ROWS + 2);
  }
  if (rows.length > IMPORT_MAX_ROWS + 1)
    throw invalid({
      file: [`El archivo supera el máximo de ${nf.format(IMPORT_MAX_ROWS)} filas por importación`],
    });
  return rows;
}

export const importedMessage = (r: ImportReport) =>
  `Importación completada: ${plural(r.crear, 'registro creado', 'registros creados', nf.format)} y ${plural(r.actualizar, 'actualizado', 'actualizados', nf.format)}`;
