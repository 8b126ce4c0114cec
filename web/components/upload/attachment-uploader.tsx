// Attachment uploader (spec §5): pdf or xlsx, one file, at most 48 MB; when the caller offers
// attachment types, one must be chosen first. A caller may add fields of its own beside the type
// (`children`, sent as `fields`), e.g. the account a payment receipt was paid into.
import { MSG } from '@shared/messages';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Select } from '@/components/ui/select';
import { acceptOf, ATTACHMENT_TYPES, hasType, MAX_ATTACHMENT_MB } from '@/components/upload/file-checks';
import { FilePickButton } from '@/components/upload/file-pick-button';
import { UploadProgress } from '@/components/upload/upload-progress';
import { useUpload } from '@/components/upload/use-upload';

type Props<T> = {
  path: string;
  field?: string;
  /** Extensions offered (default pdf/xlsx). */
  /** The extensions accepted, or, with `types`, those of the type chosen (a receipt may be a photo). */
  accept?: readonly string[] | ((type: string) => readonly string[]);
  /** Attachment types to choose from; sent as `typeField`. */
  types?: readonly { value: string; label: string }[];
  typeField?: string;
  label?: string;
  disabled?: boolean;
  onUploaded: (res: T) => void;
  /** Told the chosen type (the caller's own fields may depend on it). */
  onTypeChange?: (type: string) => void;
  /** More form fields sent with the file (empty values are left out). */
  fields?: Record<string, string>;
  /** The controls of those fields, shown after the type. */
  children?: ReactNode;
};

export function AttachmentUploader<T>({
  path,
  field = 'file',
  accept = ATTACHMENT_TYPES,
  types,
  typeField = 'tipo',
  label = 'Seleccionar archivo',
  disabled,
  onUploaded,
  onTypeChange,
  fields = {},
  children,
}: Props<T>) {
  const typeId = useId();
  const [type, setType] = useState('');
  const { progress, uploading, send } = useUpload();
  const accepted = typeof accept === 'function' ? accept(type) : accept;

  const typeChosen = () => {
    if (types?.length && !type) {
      toast.warning(MSG.attachmentTypeFirst);
      return false;
    }
    return true;
  };

  const pick = async (files: File[]) => {
    if (!typeChosen()) return;
    if (files.length !== 1) return void toast.warning(MSG.oneFileOnly);
    const file = files[0]!;
    if (!hasType(file, accepted)) return void toast.warning(MSG.fileTypes(accepted.join(', ')));
    if (file.size > MAX_ATTACHMENT_MB * 1024 * 1024)
      return void toast.warning(MSG.fileTooLargeMb(MAX_ATTACHMENT_MB));
    const form = new FormData();
    form.append(field, file);
    if (types?.length) form.append(typeField, type);
    for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
    const res = await send<T>(path, form);
    if (res) onUploaded(res);
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      {types?.length ? (
        <div className="grid w-56 gap-1.5">
          <label htmlFor={typeId} className="text-sm font-medium">
            Tipo de adjunto
          </label>
          <Select
            id={typeId}
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              onTypeChange?.(e.target.value);
            }}
          >
            <option value="">Seleccione...</option>
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      {children}
      <FilePickButton
        label={label}
        accept={acceptOf(accepted)}
        disabled={disabled || uploading}
        onFiles={pick}
        canPick={typeChosen}
      />
      {progress !== null && <UploadProgress value={progress} className="w-48" />}
    </div>
  );
}
