import { Link } from "react-router";

/**
 * A page that only has something to say: signed out, nothing here yet, not found. An optional
 * heading, a sentence, and the one link that helps.
 */
export function MessageScreen({ title, text, linkTo, linkLabel }: { title?: string; text: string; linkTo: string; linkLabel: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      {title ? <h1 className="text-3xl font-bold">{title}</h1> : null}
      <p className={title ? "mt-3 text-fg-muted" : "text-fg-muted"}>{text}</p>
      <Link to={linkTo} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white">
        {linkLabel}
      </Link>
    </section>
  );
}
