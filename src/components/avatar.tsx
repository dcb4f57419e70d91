/**
 * A person's picture, fetched by its id and shown as a data: URL; a
 * placeholder with initials when there is none (404) or while it loads.
 * Decorative by default: the name is always shown beside it.
 */
import { useQuery } from '@tanstack/react-query';
import { pictureQueries } from '../lib/api/picture-queries';

interface AvatarProps {
  readonly pictureId: string | null;
  readonly name: string;
  readonly size?: 'small' | 'medium' | 'large';
  /** Alternative text when the picture is not just decoration. */
  readonly alt?: string;
}

/** Pixel sizes matching the CSS (.avatar-small etc.), so the picture's box is known before it loads. */
const pixels = { small: 36, medium: 48, large: 64 } as const;

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.slice(0, 2).join('') || '?';
}

export function Avatar({ pictureId, name, size = 'medium', alt = '' }: AvatarProps) {
  const picture = useQuery({ ...pictureQueries.byId(pictureId ?? ''), enabled: pictureId !== null });
  const className = `avatar avatar-${size}`;
  if (picture.data)
    return (
      <img
        className={className}
        src={picture.data}
        alt={alt}
        width={pixels[size]}
        height={pixels[size]}
        decoding="async"
      />
    );
  return (
    <span
      className={`${className} avatar-placeholder`}
      {...(alt ? { role: 'img', 'aria-label': `${alt} (no picture)` } : { 'aria-hidden': true })}
    >
      {initials(name)}
    </span>
  );
}
