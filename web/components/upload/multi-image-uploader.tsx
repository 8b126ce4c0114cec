// Multi-image uploader (spec §5): jpg, png, svg, jpeg; more than the limit warns
// 'Recuerde que solo puede agregar {n} imagenes' before anything is sent.
import { MSG } from '@shared/messages';
import { toast } from 'sonner';
import { acceptOf, hasType, MULTI_IMAGE_TYPES } from '@/components/upload/file-checks';
import { FilePickButton } from '@/components/upload/file-pick-button';
import { UploadProgress } from '@/components/upload/upload-progress';
import { useUpload } from '@/components/upload/use-upload';

type Props = {
  path: string;
  /** Images already stored; with `max` decides whether the new ones fit. */
  count: number;
  max?: number;
  field?: string;
  label?: string;
  disabled?: boolean;
  onUploaded: () => void;
};

export const DEFAULT_IMAGE_LIMIT = 10_000;

export function MultiImageUploader({
  path,
  count,
  max = DEFAULT_IMAGE_LIMIT,
  field = 'files',
  label = 'Seleccionar imágenes',
  disabled,
  onUploaded,
}: Props) {
  const { progress, uploading, send } = useUpload();
  const pick = async (files: File[]) => {
    if (files.some((f) => !hasType(f, MULTI_IMAGE_TYPES)))
      return void toast.warning(MSG.fileTypes(MULTI_IMAGE_TYPES.join(', ')));
    if (count + files.length > max) return void toast.warning(MSG.imagesLimit(max));
    const form = new FormData();
    for (const f of files) form.append(field, f);
    if (await send(path, form)) onUploaded();
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <FilePickButton
        label={label}
        accept={acceptOf(MULTI_IMAGE_TYPES)}
        multiple
        disabled={disabled || uploading}
        onFiles={pick}
      />
      {progress !== null && <UploadProgress value={progress} className="w-48" />}
    </div>
  );
}
