import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';

function initials(name: string): string {
  const [first = '', second = ''] = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return (second ? first.charAt(0) + second.charAt(0) : first.slice(0, 2)).toUpperCase() || '?';
}

/** The user's photo, or their initials when there is none (or it fails to load). */
/** `decorative`: inside a control that names itself (the user button), hidden from assistive tech. */
export function UserAvatar({
  name,
  photoUrl,
  className,
  decorative,
}: {
  name: string;
  photoUrl: string | null;
  className?: string;
  decorative?: boolean;
}) {
  return (
    <Avatar className={cn(className)} aria-hidden={decorative || undefined}>
      {photoUrl && <AvatarImage src={photoUrl} alt={`Foto de ${name}`} />}
      {decorative ? (
        // Inside the user button the initials are drawn by CSS, so the button's name is its label alone.
        <AvatarFallback data-initials={initials(name)} className="before:content-[attr(data-initials)]" />
      ) : (
        <AvatarFallback role="img" aria-label={`Avatar de ${name}`}>
          {initials(name)}
        </AvatarFallback>
      )}
    </Avatar>
  );
}
