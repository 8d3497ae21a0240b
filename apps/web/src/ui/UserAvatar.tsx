import { useState } from 'react';
import { initialOf } from './initial.ts';

interface UserAvatarProps {
  src: string | null | undefined;
  /** Used for the initial shown when there is no picture. */
  name: string;
  size?: number;
  className?: string;
}

/** The member's picture, or the first letter of their name on gold when they have none. */
export function UserAvatar({ src, name, size = 44, className }: UserAvatarProps) {
  const [failed, setFailed] = useState(false);
  const classes = className ? `user-avatar ${className}` : 'user-avatar';
  if (src && !failed) {
    return (
      <img className={classes} src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />
    );
  }
  return (
    <span
      className={`${classes} user-avatar-initial`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
      aria-hidden
    >
      {initialOf(name)}
    </span>
  );
}
