/* v12: v11 with the work of the last wave shared out evenly (Stream-K).
 *
 * v11's grid is one block per 128 x 128 tile of C, two blocks per SM. At
 * n = 4096 that is 1024 tiles for 264 places on an H100's 132 SMs: three
 * full waves and a fourth of 232 tiles, which takes as long as a full
 * one. Measured on the H100, v11's loop runs 792 tiles (three waves) in
 * 2.34 ms, 1024 in 3.12 ms and 1056 (four full waves) in 3.12 ms too:
 * the last wave costs a whole wave whatever it holds.
 *
 * Here the q full waves run as in v11, one block a tile. The r tiles
 * left over are cut along k: their r * steps steps of 16 are split into
 * equal contiguous ranges, one per place on the GPU (two after many
 * waves), so every place finishes at the same time. A tile whose steps
 * fall to several blocks is summed in a fix-up: each block writes its partial tile to a
 * workspace, and the last of them to arrive (an atomic count per tile)
 * adds the partials in order of k and writes C. The sum is the same for
 * every launch: partials are always added in the same order.
 *
 * The launch keeps the workspace (a pair of partial tiles per stream-K
 * block) and the counters (zero between launches: the last block resets
 * its tile's) from call to call, so one launch runs at a time in a
 * process.
 * Inner loop, loads and bounds as in v11; n must be a multiple of 4. The
 * block argument is the tile edge, 128. */
#include "check.h"
#include "launch.h"
#include "streamk.h"

#define V12_BM 128
#define V12_BK 16
#define V12_PAD 4
#define V12_THREADS 256
#define V12_WM 64
#define V12_WN 32
#define V12_TILE (V12_BM * V12_BM)
/* the fullest last wave (%) that is still cut */
#define V12_SK_FILL_MAX 92
/* full waves after which the last one is cut into twice as many pieces */
#define V12_SK_HALVE_WAVES 8

/* 16 bytes from global to shared memory, asynchronously; bytes 0 fills
 * zeros (src must still be a valid address). */
static __device__ __forceinline__ void v12_copy16(float *dst,
						  const float *src, int bytes)
{
#if __CUDA_ARCH__ >= 800
	unsigned s = (unsigned)__cvta_generic_to_shared(dst);

	asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n"
		     :: "r"(s), "l"(src), "r"(bytes));
#else
	*(float4 *)dst = bytes ? *(const float4 *)src :
				 make_float4(0, 0, 0, 0);
#endif
}

static __device__ __forceinline__ void v12_copies_wait(void)
{
#if __CUDA_ARCH__ >= 800
	asm volatile("cp.async.commit_group;\n"
		     "cp.async.wait_group 0;\n" ::: "memory");
#endif
}

/* How the tiles are dealt: q * places tiles one per block, then the
 * steps of the rest split among sk blocks. */
struct v12_plan {
	int tiles;		/* tiles along a side */
	int steps;		/* steps of V12_BK in k per tile */
	int dp;			/* tiles (and blocks) done whole */
	int sk;			/* blocks sharing the steps of the rest */
};

/* The first step (in the stream-K range, counted from tile p->dp) of
 * stream-K block j. */
static __device__ __forceinline__ long long v12_sk_begin(
	const struct v12_plan *p, long long total, int j)
{
	return total * j / p->sk;
}

/* The stream-K block whose range holds step g: the last j with
 * begin(j) <= g. */
static __device__ __forceinline__ int v12_sk_owner(
	const struct v12_plan *p, long long total, long long g)
{
	return (int)(((g + 1) * p->sk - 1) / total);
}

/* Multiplies the tile at (row0, col0) over steps [s0, s1) into acc. The
 * loop of v11; returns after a barrier, the shared tiles free again. */
static __device__ __forceinline__ void v12_tile_mul(
	const float *__restrict__ a, const float *__restrict__ b, int n,
	int row0, int col0, int s0, int s1, float acc[8][8],
	float (*as)[V12_BK][V12_BM + V12_PAD], float (*bs)[V12_BK][V12_BM])
{
	int t = threadIdx.x, warp = t / 32, lane = t % 32;
	int wr = (warp / 4) * V12_WM, wc = (warp % 4) * V12_WN;
	int lr = (lane / 4) * 4, lc = (lane % 4) * 4;
	int kend = s1 * V12_BK;
	float4 va[2];
	int st = 0;
	auto load_b = [&](int k0, int s) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V12_THREADS;
			int bk = l / 32, bcol = (l % 32) * 4;
			int ok = k0 + bk < n && col0 + bcol < n;

			v12_copy16(&bs[s][bk][bcol], ok ? &b[(k0 + bk) * n +
				   col0 + bcol] : b, ok ? 16 : 0);
		}
	};
	auto load_a = [&](int k0) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V12_THREADS;
			int ar = l / 4, ak = (l % 4) * 4;

			va[h] = row0 + ar < n && k0 + ak < n ?
				*(const float4 *)&a[(row0 + ar) * n + k0 + ak] :
				make_float4(0, 0, 0, 0);
		}
	};
	auto store_a = [&](int s) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V12_THREADS;
			int ar = l / 4, ak = (l % 4) * 4;

			as[s][ak][ar] = va[h].x;
			as[s][ak + 1][ar] = va[h].y;
			as[s][ak + 2][ar] = va[h].z;
			as[s][ak + 3][ar] = va[h].w;
		}
	};

	load_b(s0 * V12_BK, 0);
	load_a(s0 * V12_BK);
	store_a(0);
	v12_copies_wait();
	__syncthreads();
	for (int k0 = s0 * V12_BK; k0 < kend; k0 += V12_BK) {
		int next = k0 + V12_BK < kend;
		float fa[2][8], fb[2][8];

		if (next) {
			load_b(k0 + V12_BK, st ^ 1);
			load_a(k0 + V12_BK);
		}
#pragma unroll
		for (int s = 0; s < 2; s++) {
			*(float4 *)&fa[0][4 * s] =
				*(const float4 *)&as[st][0][wr + s * 32 + lr];
			*(float4 *)&fb[0][4 * s] =
				*(const float4 *)&bs[st][0][wc + s * 16 + lc];
		}
#pragma unroll
		for (int k = 0; k < V12_BK; k++) {
			if (k + 1 < V12_BK) {
#pragma unroll
				for (int s = 0; s < 2; s++) {
					*(float4 *)&fa[(k + 1) & 1][4 * s] =
						*(const float4 *)&as[st][k + 1]
						[wr + s * 32 + lr];
					*(float4 *)&fb[(k + 1) & 1][4 * s] =
						*(const float4 *)&bs[st][k + 1]
						[wc + s * 16 + lc];
				}
			}
#pragma unroll
			for (int i = 0; i < 8; i++)
#pragma unroll
				for (int j = 0; j < 8; j++)
					acc[i][j] += fa[k & 1][i] * fb[k & 1][j];
		}
		if (next) {
			store_a(st ^ 1);
			v12_copies_wait();
		}
		__syncthreads();
		st ^= 1;
	}
}

/* A thread's element (i, 4s..4s+3) of the tile: its row and column in
 * the tile. */
static __device__ __forceinline__ int v12_row(int i)
{
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

	return (warp / 4) * V12_WM + (i / 4) * 32 + (lane / 4) * 4 + i % 4;
}

static __device__ __forceinline__ int v12_col(int s)
{
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

	return (warp % 4) * V12_WN + s * 16 + (lane % 4) * 4;
}

static __device__ __forceinline__ void v12_tile_store(float *c, int n,
						      int row0, int col0,
						      float acc[8][8])
{
#pragma unroll
	for (int i = 0; i < 8; i++) {
		int row = row0 + v12_row(i);

		if (row >= n)
			continue;
#pragma unroll
		for (int s = 0; s < 2; s++) {
			int col = col0 + v12_col(s);

			if (col < n)
				*(float4 *)&c[row * n + col] = make_float4(
					acc[i][4 * s], acc[i][4 * s + 1],
					acc[i][4 * s + 2], acc[i][4 * s + 3]);
		}
	}
}

__global__ void __launch_bounds__(V12_THREADS, 2)
mm_v12(const float *__restrict__ a, const float *__restrict__ b,
       float *__restrict__ c, int n, struct v12_plan p,
       float *__restrict__ part, unsigned *__restrict__ count)
{
	__shared__ __align__(16) float as[2][V12_BK][V12_BM + V12_PAD];
	__shared__ __align__(16) float bs[2][V12_BK][V12_BM];
	__shared__ int last;
	long long total, beg, end, g;
	float acc[8][8];

	if ((int)blockIdx.x < p.dp) {
		int tile = blockIdx.x;

#pragma unroll
		for (int i = 0; i < 8; i++)
#pragma unroll
			for (int j = 0; j < 8; j++)
				acc[i][j] = 0;
		v12_tile_mul(a, b, n, tile / p.tiles * V12_BM,
			     tile % p.tiles * V12_BM, 0, p.steps, acc, as, bs);
		v12_tile_store(c, n, tile / p.tiles * V12_BM,
			       tile % p.tiles * V12_BM, acc);
		return;
	}
	/* stream-K: steps counted from the first tile after the dp ones */
	int j = blockIdx.x - p.dp;

	total = (long long)(p.tiles * p.tiles - p.dp) * p.steps;
	beg = v12_sk_begin(&p, total, j);
	end = v12_sk_begin(&p, total, j + 1);
	for (g = beg; g < end;) {
		int local = (int)(g / p.steps), s0 = (int)(g % p.steps);
		int s1 = (int)min((long long)p.steps, s0 + (end - g));
		int tile = p.dp + local;
		int row0 = tile / p.tiles * V12_BM, col0 = tile % p.tiles *
							V12_BM;
		long long t0 = (long long)local * p.steps;
		int first, lastb;

#pragma unroll
		for (int i = 0; i < 8; i++)
#pragma unroll
			for (int k = 0; k < 8; k++)
				acc[i][k] = 0;
		v12_tile_mul(a, b, n, row0, col0, s0, s1, acc, as, bs);
		g += s1 - s0;
		if (s0 == 0 && s1 == p.steps) {
			v12_tile_store(c, n, row0, col0, acc);
			continue;
		}
		/* A piece of a tile: slot 0 if it starts this block's
		 * range, 1 if it ends it (a block has at most one of
		 * each). */
		float *mine = part + ((size_t)j * 2 + (t0 + s0 == beg ? 0 : 1)) *
					     V12_TILE;
#pragma unroll
		for (int i = 0; i < 8; i++)
#pragma unroll
			for (int s = 0; s < 2; s++)
				__stcg((float4 *)&mine[v12_row(i) * V12_BM +
						       v12_col(s)],
				       make_float4(acc[i][4 * s],
						   acc[i][4 * s + 1],
						   acc[i][4 * s + 2],
						   acc[i][4 * s + 3]));
		first = v12_sk_owner(&p, total, t0);
		lastb = v12_sk_owner(&p, total, t0 + p.steps - 1);
		/* every thread's partial visible before the count moves */
		__threadfence();
		__syncthreads();
		if (threadIdx.x == 0)
			last = atomicAdd(&count[tile], 1u) ==
			       (unsigned)(lastb - first);
		__syncthreads();
		if (!last)
			continue;
		__threadfence();
		/* the last to arrive adds every piece, in order of k */
#pragma unroll
		for (int i = 0; i < 8; i++)
#pragma unroll
			for (int k = 0; k < 8; k++)
				acc[i][k] = 0;
		for (int o = first; o <= lastb; o++) {
			int slot = v12_sk_begin(&p, total, o) >= t0 ? 0 : 1;
			const float *q = part + ((size_t)o * 2 + slot) *
						    V12_TILE;

#pragma unroll
			for (int i = 0; i < 8; i++)
#pragma unroll
				for (int s = 0; s < 2; s++) {
					float4 v = __ldcg((const float4 *)&q[
						v12_row(i) * V12_BM +
						v12_col(s)]);

					acc[i][4 * s] += v.x;
					acc[i][4 * s + 1] += v.y;
					acc[i][4 * s + 2] += v.z;
					acc[i][4 * s + 3] += v.w;
				}
		}
		v12_tile_store(c, n, row0, col0, acc);
		if (threadIdx.x == 0)
			count[tile] = 0;
	}
}

/* The launch's state on the current device and its workspace. */
static struct streamk v12_sk = { (const void *)mm_v12, V12_THREADS, 0, NULL,
				 V12_SK_FILL_MAX, V12_SK_HALVE_WAVES };

/* The plan for n on the current device. */
static int v12_plan_make(int n, struct v12_plan *p)
{
	p->tiles = (n + V12_BM - 1) / V12_BM;
	p->steps = (n + V12_BK - 1) / V12_BK;
	return streamk_plan(&v12_sk, p->tiles * p->tiles, p->steps, &p->dp,
			    &p->sk);
}

extern "C" const void *kernel_v12_func(int block, int ilp)
{
	(void)ilp;
	return block == V12_BM ? (const void *)mm_v12 : NULL;
}

extern "C" long long kernel_v12_grid(const struct kernel_args *args)
{
	struct v12_plan p;

	return v12_plan_make(args->n, &p) ? 0 : (long long)p.dp + p.sk;
}

extern "C" int kernel_v12_launch(const struct kernel_args *args)
{
	struct v12_plan p;
	int n = args->n, err;

	if (args->block != V12_BM || args->fp64 || n % 4 || n < 1)
		return cudaErrorInvalidValue;
	err = v12_plan_make(n, &p);
	if (!err)
		err = streamk_workspace(&v12_sk, (size_t)p.sk * 2 * V12_TILE,
					(size_t)p.tiles * p.tiles);
	if (err)
		return err;
	KERNEL_LAUNCH_BEGIN();
	mm_v12<<<p.dp + p.sk, V12_THREADS, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, n, p, v12_sk.part, v12_sk.count);
	return KERNEL_LAUNCH_END("mm_v12<<<tiles - r + places, 256>>>");
}
