// The demonstration form (spec §5, §9): five required fields and three date-time options in
// Bogotá time, each in the future and all different (checked here and again on the server).
import { bogotaWall } from '@shared/bogota';
import { MSG } from '@shared/messages';
import { DEMO_OPTIONS, demoErrors, demoSchema } from '@shared/schemas/help';
import { Spinner } from '@/components/feedback/spinner';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { type Demo, sendDemo } from '@/features/help/help-api';
import { firstMessages } from '@/lib/form-errors';
import { useApiForm } from '@/lib/use-api-form';
import { useSession } from '@/lib/session';

type Values = {
  empresa: string;
  nombre: string;
  email: string;
  cargo: string;
  celular: string;
  opciones: string[];
};

/** Now in Bogotá as a date-time input value, the inputs' minimum. */
const bogotaNow = () => bogotaWall(Date.now()).toISOString().slice(0, 16);

export function DemoForm({ onSent }: { onSent?: (row: Demo) => void }) {
  const { state } = useSession();
  const email = state.status === 'authenticated' ? state.user.email : '';
  const blank: Values = {
    empresa: '',
    nombre: '',
    email,
    cargo: '',
    celular: '',
    opciones: Array(DEMO_OPTIONS).fill(''),
  };
  const form = useApiForm({
    defaultValues: blank,
    schema: demoSchema,
    toBody: (v: Values) => ({ ...v, opciones: v.opciones.map((fecha) => ({ fecha })) }),
    // Future and all different: the shared rule the server applies too.
    check: (body) => firstMessages(demoErrors(body, Date.now())),
    send: sendDemo,
    success: MSG.created,
    onSaved: (res) => {
      form.setValues(blank);
      onSent?.(res.data);
    },
  });
  const saving = form.busy;
  const { values, errors, set } = form;

  const setOption = (i: number, value: string) => {
    set(
      'opciones',
      values.opciones.map((o, j) => (j === i ? value : o)),
    );
    form.clearError(`opciones.${i}.fecha`);
  };

  const text = (
    name: Exclude<keyof Values, 'opciones'>,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextField
      label={label}
      required
      value={values[name]}
      onValueChange={(val) => set(name, val)}
      error={errors[name]}
      disabled={saving}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Agendar demostración" className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('empresa', 'Empresa', { maxLength: 150, autoComplete: 'organization' })}
        {text('nombre', 'Nombre', { maxLength: 150, autoComplete: 'name' })}
        {text('email', 'Correo electrónico', { type: 'email', maxLength: 254, autoComplete: 'email' })}
        {text('cargo', 'Cargo', { maxLength: 100, autoComplete: 'organization-title' })}
        {text('celular', 'Celular', { type: 'tel', maxLength: 20, autoComplete: 'tel' })}
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Opciones de fecha y hora (hora de Bogotá)</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {values.opciones.map((fecha, i) => (
            <TextField
              key={i}
              label={`Opción ${i + 1}`}
              type="datetime-local"
              required
              min={bogotaNow()}
              value={fecha}
              onValueChange={(val) => setOption(i, val)}
              error={errors[`opciones.${i}.fecha`] ?? (i === 0 ? errors.opciones : undefined)}
              disabled={saving}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          Solicitar demostración
        </Button>
      </div>
    </form>
  );
}
