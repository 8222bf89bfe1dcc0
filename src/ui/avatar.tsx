import './avatar.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

/** A person's photo, or their initials on the accent colour. Decorative: the name is shown nearby. */
export function Avatar(props: { name: string; photoURL?: string | null; size?: number }) {
  const size = props.size ?? 32;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (props.photoURL) {
    return (
      <img
        className="avatar"
        src={props.photoURL}
        alt=""
        style={style}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className="avatar avatar--initials" style={style} aria-hidden="true">
      {initials(props.name)}
    </span>
  );
}
