/* Report G's numbers, computed once: what pinned host memory and the
 * shared-memory kernel change in a complete run, and where its time
 * goes. The transfer section's findings and the conclusions both read
 * them here, so that the report never quotes two versions of one fact. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"
#include "vocab.h"

#define SUITE VOCAB_SUITE_TRANSFER

const char *const transfer_hosts[3] = {VOCAB_HOST_PAGEABLE,
				       VOCAB_HOST_PINNED,
				       VOCAB_HOST_PINNED_OUTPUT};

const char *const transfer_part_metric[XP_N] = {
	VOCAB_METRIC_MALLOC, VOCAB_METRIC_MEMCPY_AB, VOCAB_METRIC_KERNEL,
	VOCAB_METRIC_SYNC, VOCAB_METRIC_MEMCPY_C, VOCAB_METRIC_FREE
};

/* Medians, not means, so that the parts match the tables; the kernel is
 * drawn once, inside Sync. */
int transfer_parts(const struct rcfg *c, double ms[XP_N])
{
	int i, rc = 0;

	for (i = 0; i < XP_N; i++) {
		ms[i] = rcfg_median(c, transfer_part_metric[i]);
		if (!isfinite(ms[i]))
			rc = -1;
	}
	if (rc) {
		for (i = 0; i < XP_N; i++)
			ms[i] = NAN;
		return -1;
	}
	/* Sync starts when the launch returns, and the kernel already
	 * runs during the launch: Sync may well be shorter than it */
	ms[XP_SYNC] = fmax(0, ms[XP_SYNC] - ms[XP_KERNEL]);
	return 0;
}

static size_t count_of(const struct rcfg *c, const char *metric)
{
	const struct store_stat *s = rcfg_stat(c, metric);

	return s ? s->s.n : 0;
}

/* Compares metric of (va, ha) against (vb, hb) at the smallest (hi = 0)
 * or largest (hi = 1) of sizes[] where both have it. */
static int at_fill(struct rctx *x, int dev, const int *sizes, size_t ns,
		   int hi, const char *va, const char *ha, const char *vb,
		   const char *hb, const char *metric, struct transfer_at *at)
{
	size_t i;

	memset(at, 0, sizeof(*at));
	for (i = 0; i < ns; i++) {
		int n = sizes[hi ? ns - 1 - i : i];
		const struct rcfg *a = model_find(x, dev, SUITE, va, ha, n,
						  -1, -1);
		const struct rcfg *b = model_find(x, dev, SUITE, vb, hb, n,
						  -1, -1);
		int rc;

		if (!rcfg_stat(a, metric) || !rcfg_stat(b, metric))
			continue;
		rc = model_compare(x, a, b, metric, &at->r);
		if (rc == -2)
			return -1;
		if (rc)
			continue;
		at->ok = 1;
		at->n = n;
		at->na = count_of(a, metric);
		at->nb = count_of(b, metric);
		return 0;
	}
	return 0;
}

/* The largest part of the run of (variant, host) at n. */
static void dominant(const struct rctx *x, int dev, const char *variant,
		     const char *host, int n, int *part, double *share)
{
	const struct rcfg *c = model_find(x, dev, SUITE, variant, host, n,
					  -1, -1);
	double ms[XP_N], sum = 0;
	int i;

	*part = -1;
	*share = NAN;
	if (transfer_parts(c, ms))
		return;
	for (i = 0; i < XP_N; i++) {
		sum += ms[i];
		if (*part < 0 || ms[i] > ms[*part])
			*part = i;
	}
	*share = sum > 0 ? 100 * ms[*part] / sum : NAN;
	if (!(sum > 0))
		*part = -1;
}

/* Every comparison at the smallest and the largest size that both sides
 * measured, so that a missing configuration shifts the size rather than
 * dropping the fact; the sizes go with the numbers. */
int facts_transfer(struct rctx *x, int dev, struct transfer_facts *f)
{
	const char *k = VOCAB_VARIANT_SIMPLE, *pg = transfer_hosts[0];
	const char *pin = transfer_hosts[1], *pout = transfer_hosts[2];
	int *sizes = NULL, rc = 0, e, h;
	size_t ns;

	memset(f, 0, sizeof(*f));
	ns = model_ints(x, dev, SUITE, NULL, NULL, 'n', &sizes);
	for (e = 0; e < 2 && !rc; e++) {
		rc |= at_fill(x, dev, sizes, ns, e, k, pg, k, pout,
			      VOCAB_METRIC_MEMCPY_C, &f->pout_c[e]);
		rc |= at_fill(x, dev, sizes, ns, e, k, pg, k, pout,
			      VOCAB_METRIC_TOTAL, &f->pout_total[e]);
		rc |= at_fill(x, dev, sizes, ns, e, k, pg, k, pin,
			      VOCAB_METRIC_MEMCPY_AB, &f->pin_ab[e]);
		rc |= at_fill(x, dev, sizes, ns, e, k, pg, k, pin,
			      VOCAB_METRIC_TOTAL, &f->pin_total[e]);
		rc |= at_fill(x, dev, sizes, ns, e, k, pg, k, pin,
			      VOCAB_METRIC_MALLOC, &f->pin_malloc[e]);
		f->dom_n[e] = ns ? sizes[e ? ns - 1 : 0] : 0;
		for (h = 0; h < 3; h++)
			dominant(x, dev, k, transfer_hosts[h], f->dom_n[e],
				 &f->dom_part[e][h], &f->dom_share[e][h]);
	}
	if (!rc)
		rc |= at_fill(x, dev, sizes, ns, 1, k, pg,
			      VOCAB_VARIANT_SHARED, pg, VOCAB_METRIC_KERNEL,
			      &f->shared_kernel);
	if (!rc)
		rc |= at_fill(x, dev, sizes, ns, 1, k, pg,
			      VOCAB_VARIANT_SHARED, pg, VOCAB_METRIC_TOTAL,
			      &f->shared_total);
	free(sizes);
	return rc ? -1 : 0;
}
