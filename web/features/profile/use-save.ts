import { MSG } from '@shared/messages';
import { PROFILE_SECTIONS } from '@/features/profile/profile-api';
import { useWrite } from '@/lib/mutation';

type Section = keyof typeof PROFILE_SECTIONS;

/** Sends one section of the profile; 409/422 messages come back for the fields. */
export function useSave(onSaved: () => void, setErrors: (e: Record<string, string>) => void) {
  const write = useWrite({
    send: ({ section, body }: { section: Section; body: Record<string, unknown> }) => PROFILE_SECTIONS[section](body),
    success: MSG.updated,
    invalidates: ['/general/perfil'],
    onSaved: () => onSaved(),
    onFieldErrors: setErrors,
  });
  const save = (section: Section, body: Record<string, unknown>) => write.run({ section, body });
  return { saving: write.busy, save };
}
