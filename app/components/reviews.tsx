import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/components/use-translation";
import { Form, useNavigation, Link } from "react-router";
import { reviewerName } from "~/domain/review-name";
import { commentProblem, REVIEW_CONSTRAINT } from "~/domain/review-constraint";
import { ErrorList } from "./ui/field";

export interface ReviewItem {
  id: string;
  rating: number;
  comment: string | null;
  createdAt: string | Date;
  /** "3 days ago", written by the loader (no date formatting in the browser while it hydrates) */
  age: string;
  user: { name: string | null; firstName: string | null; lastName: string | null };
}

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-hidden="true" className="text-amber-500">
      {"★".repeat(rating)}
      <span className="text-line">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

export function ReviewsSection({
  reviews,
  summary,
  canReview,
  signedIn,
  lastResult,
  more = 0,
  moreHref,
}: {
  reviews: readonly ReviewItem[];
  summary: { averageRating: number; totalReviews: number };
  canReview: boolean;
  signedIn: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  /** How many more reviews the "show more" link adds (0: no link), and where it goes. */
  more?: number;
  moreHref?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <p className="text-lg font-semibold" data-testid="rating-summary">
        {summary.totalReviews > 0 ? `${t("shop.reviews.average", { average: summary.averageRating })} · ` : null}
        {summary.totalReviews > 0 ? t("shop.deal.reviewsCount", { count: summary.totalReviews }) : t("shop.deal.noReviews")}
      </p>
      {reviews.length > 0 ? <ReviewList reviews={reviews} /> : null}
      {more > 0 && moreHref ? (
        // A plain link: without JavaScript the page comes back with more reviews, at #reviews.
        <Link to={moreHref} preventScrollReset replace className="w-fit rounded-lg border border-line px-4 py-2 font-medium hover:bg-muted" data-testid="more-reviews">
          {t("shop.reviews.more", { count: more })}
        </Link>
      ) : null}
      {canReview ? (
        <ReviewForm lastResult={lastResult} />
      ) : signedIn ? (
        <p className="rounded-lg bg-muted p-3 text-sm text-fg-muted">{t("shop.reviews.hint")}</p>
      ) : (
        <a href="/api/login" className="w-fit rounded-lg border border-line px-4 py-2 font-medium hover:bg-muted">{t("shop.reviews.loginToReview")}</a>
      )}
    </div>
  );
}

/** The reviews, each with its age as it read when the page was made. */
function ReviewList({ reviews }: { reviews: readonly ReviewItem[] }) {
  return (
    <ul className="grid gap-3">
      <ReviewItems reviews={reviews} />
    </ul>
  );
}

function ReviewItems({ reviews }: { reviews: readonly ReviewItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      {reviews.map((review) => {
        const name = reviewerName(review.user) ?? t("shop.reviews.anonymous");
        return (
          <li key={review.id} className="review" data-testid="review">
            <div className="flex items-center gap-3">
              <span className="review-avatar" aria-hidden="true">{name[0]}</span>
              <div>
                <p className="font-medium">{name}</p>
                <p className="text-xs text-fg-muted">
                  <Stars rating={review.rating} /> {t("shop.reviews.stars", { rating: review.rating })} · {review.age}
                </p>
              </div>
            </div>
            {review.comment ? <p className="mt-2 leading-7">{review.comment}</p> : null}
          </li>
        );
      })}
    </>
  );
}

function ReviewForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [comment, setComment] = useState("");
  const problem = commentProblem(comment);
  const [form, fields] = useForm({
    id: "review",
    lastResult,
    // The browser checks the basics (ReviewSchema's constraint, written out: no zod in the
    // browser); the server answers the rest. Client-side zod validation here left the form
    // unable to submit after a first refused attempt.
    constraint: REVIEW_CONSTRAINT,
  });
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-3 rounded-xl border border-line p-4">
      <input type="hidden" name="intent" value="review" />
      <p className="font-semibold">{t("shop.reviews.formTitle")}</p>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("shop.reviews.rating")}</legend>
        <div className="flex gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm">
              <input type="radio" name={fields.rating.name} value={n} defaultChecked={n === 5} className="accent-brand-600" />
              {t("shop.reviews.ratingOption", { count: n })}
            </label>
          ))}
        </div>
        <ErrorList id={fields.rating.errorId} errors={fields.rating.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.comment.id} className="mb-1 block text-sm font-medium">{t("shop.reviews.comment")}</label>
        <textarea
          {...getTextareaProps(fields.comment)}
          rows={3}
          maxLength={1000}
          onInput={(e) => setComment(e.currentTarget.value)}
          className="w-full rounded-lg border border-line bg-surface px-3 py-2"
        />
        <p className="text-xs text-fg-muted" aria-live="polite">{t("shop.reviews.counter", { count: comment.length })}</p>
        {/* As she types (with JavaScript): the spec's message at once; the server's after a post. */}
        <ErrorList id={fields.comment.errorId} errors={problem ? [problem] : fields.comment.errors} />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" disabled={sending || problem !== null} className="w-fit rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60">
        {sending ? t("shop.reviews.pending") : t("shop.reviews.submit")}
      </button>
    </Form>
  );
}
