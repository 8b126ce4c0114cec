// The suggestion form (spec §5), on its screen and in the top bar's dialog. The shared schema
// checks correo and descripcion and upper-cases the rest before sending (the server does too).
import { MSG } from '@shared/messages';
import { helpModuleOf, SUGGESTION_TYPES, suggestionSchema } from '@shared/schemas/help';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { FormActions } from '@/components/form/form-actions';
import { type Suggestion, sendSuggestion } from '@/features/help/help-api';
import { ModuleSelect } from '@/features/help/module-select';
import { useApiForm } from '@/lib/use-api-form';
import { useSession } from '@/lib/session';

const TYPES = SUGGESTION_TYPES.map((t) => ({ value: t, label: t }));

type Props = {
  /** A module key or name to start with (the screen the user is on). */
  modulo?: string;
  onSent?: (row: Suggestion) => void;
  onCancel?: () => void;
};

export function SuggestionForm({ modulo, onSent, onCancel }: Props) {
  const { state } = useSession();
  const email = state.status === 'authenticated' ? state.user.email : '';
  const blank = {
    correo: email,
    modulo: helpModuleOf(modulo)?.label ?? '',
    tipo_sugerencia: '',
    titulo: '',
    descripcion: '',
  };
  const form = useApiForm({
    defaultValues: blank,
    schema: suggestionSchema,
    send: sendSuggestion,
    success: MSG.created,
    onSaved: (res) => {
      form.setValues(blank);
      onSent?.(res.data);
    },
  });
  const saving = form.busy;
  const { values, errors, set, field } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Enviar sugerencia" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Correo"
          type="email"
          autoComplete="email"
          required
          {...field('correo')}
          disabled={saving}
          maxLength={254}
        />
        <ModuleSelect
          value={values.modulo}
          onChange={(v) => set('modulo', v)}
          error={errors.modulo}
          disabled={saving}
        />
        <SelectField
          label="Tipo de sugerencia"
          {...field('tipo_sugerencia')}
          options={TYPES}
          disabled={saving}
        />
        <TextField label="Título" {...field('titulo')} disabled={saving} maxLength={150} />
      </div>
      <TextareaField
        label="Descripción"
        required
        rows={5}
        {...field('descripcion')}
        disabled={saving}
        maxLength={2000}
      />
      <FormActions busy={saving} onCancel={onCancel} label="Enviar sugerencia" variant="plain" />
    </form>
  );
}
