/* Conclusions: each source report's findings set beside ours. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

int sec_conclusions(struct rctx *x)
{
	emit_heading(x, 0, lang_get(x->L, "concl.title"));
	emit_par(x, lang_get(x->L, "concl.intro"));
	return 0;
}
