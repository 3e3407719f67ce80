import { useEffect, type FormHTMLAttributes } from "react";
import { useSubmit } from "react-router";

type AppFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action"> & {
  method: "get" | "post";
  /** An absolute path on this site. */
  action: string;
  /** As React Router's Form: keep the scroll position after the navigation. */
  preventScrollReset?: boolean;
};

/**
 * A form for what every page renders (the header's search, sign-out and notification forms): a
 * plain form that `useAppFormSubmission` sends through React Router once the page has hydrated,
 * as its <Form> would. A plain element can live in a piece of the server's markup cache
 * (markup-cache.tsx), where router hooks cannot; without JavaScript the browser posts it as
 * usual. Where a form needs more (a fetcher, pending state), use React Router's Form.
 */
export function AppForm({ preventScrollReset, ...form }: AppFormProps) {
  return <form data-app-form="" data-keep-scroll={preventScrollReset ? "" : undefined} {...form} />;
}

/** The root's one submit handler for every AppForm on the page. */
export function useAppFormSubmission() {
  const submit = useSubmit();
  useEffect(() => {
    function send(event: SubmitEvent) {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-app-form")) return;
      event.preventDefault();
      // The button pressed goes too (its name and value), as in the browser's own submission.
      void submit(event.submitter instanceof HTMLButtonElement ? event.submitter : form, { preventScrollReset: form.hasAttribute("data-keep-scroll") });
    }
    document.addEventListener("submit", send);
    return () => document.removeEventListener("submit", send);
  }, [submit]);
}
