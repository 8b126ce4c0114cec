// Single-image uploader (spec §5): jpg, png or svg; replaces the current image.
import { MSG } from '@shared/messages';
import { ImageIcon } from 'lucide-react';
import { toast } from 'sonner';
import { acceptOf, hasType, SINGLE_IMAGE_TYPES } from '@/components/upload/file-checks';
import { FilePickButton } from '@/components/upload/file-pick-button';
import { UploadProgress } from '@/components/upload/upload-progress';
import { useUpload } from '@/components/upload/use-upload';

type Props<T> = {
  /** API path receiving the multipart body. */
  path: string;
  field?: string;
  imageUrl?: string | null;
  label?: string;
  alt: string;
  disabled?: boolean;
  onUploaded: (res: T) => void;
};

export function SingleImageUploader<T>({
  path,
  field = 'file',
  imageUrl,
  label = 'Seleccionar imagen',
  alt,
  disabled,
  onUploaded,
}: Props<T>) {
  const { progress, uploading, send } = useUpload();
  const pick = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!hasType(file, SINGLE_IMAGE_TYPES))
      return void toast.warning(MSG.fileTypes(SINGLE_IMAGE_TYPES.join(', ')));
    const form = new FormData();
    form.append(field, file);
    const res = await send<T>(path, form);
    if (res) onUploaded(res);
  };
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex size-32 items-center justify-center overflow-hidden rounded-full border bg-muted">
        {imageUrl ? (
          <img src={imageUrl} alt={alt} className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden className="size-10 text-muted-foreground" />
        )}
      </div>
      <FilePickButton
        label={label}
        accept={acceptOf(SINGLE_IMAGE_TYPES)}
        disabled={disabled || uploading}
        onFiles={pick}
      />
      {progress !== null && <UploadProgress value={progress} className="w-40" />}
    </div>
  );
}
