import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';

function initials(name: string): string {
  const [first = '', second = ''] = name.trim().split(/[\s._-]+/).filter(Boolean);
  return (second ? first.charAt(0) + second.charAt(0) : first.slice(0, 2)).toUpperCase() || '?';
}

/** The user's photo, or their initials when there is none (or it fails to load). */
export function UserAvatar({ name, photoUrl, className }: { name: string; photoUrl: string | null; className?: string }) {
  return (
    <Avatar className={cn(className)}>
      {photoUrl && <AvatarImage src={photoUrl} alt={`Foto de ${name}`} />}
      <AvatarFallback aria-label={`Avatar de ${name}`}>{initials(name)}</AvatarFallback>
    </Avatar>
  );
}
