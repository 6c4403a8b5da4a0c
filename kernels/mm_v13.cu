/* v13: v12 with A's tile copied asynchronously too.
 *
 * v11 and v12 load the next step's A tile from global memory into 8
 * registers while the current step is multiplied, and store it
 * transposed into shared memory at the end of the step: those 8
 * registers stay live across the step's 1024 multiply-adds. Two blocks an
 * SM leave a thread 128 registers, and with 8 of them taken the compiler
 * rotates the accumulators through fewer registers: measured on an H200
 * with ncu, v12's warps wait 0.62 cycles per issued instruction in
 * dispatch stalls (cuBLAS: 0.10), issuing in 80 % of cycles.
 *
 * Here A's float4s go by cp.async into a staging area in shared memory,
 * 8 floats a thread, as B's do into their stage. Once the step is
 * multiplied, each thread waits for its own copies, reads its own slots
 * back and stores them transposed: no other thread touches them, so no
 * barrier is needed before the read. Dispatch stalls fall to 0.53 per
 * issue and the kernel runs about 1.3 % faster at n = 4096 and 8192
 * (H200, against v12 in the same run). The staging area adds 8 KiB of
 * shared memory a block; two blocks still fit an SM.
 *
 * Everything else as in v12: Stream-K for the last wave, with its
 * workspace (a pair of partial tiles per stream-K block) and counters
 * (one per tile, zero between launches) kept between calls, so one
 * launch runs at a time in a process. n must be a multiple of 4. The
 * block argument is the tile edge, 128. */
#include "check.h"
#include "launch.h"
#include "streamk.h"

#define V13_BM 128
#define V13_BK 16
#define V13_PAD 4
#define V13_THREADS 256
#define V13_WM 64
#define V13_WN 32
#define V13_TILE (V13_BM * V13_BM)
/* the fullest last wave (%) that is still cut */
#define V13_SK_FILL_MAX 92
/* full waves after which the last one is cut into twice as many pieces */
#define V13_SK_HALVE_WAVES 8

/* 16 bytes from global to shared memory, asynchronously; bytes 0 fills
 * zeros (src must still be a valid address). */
static __device__ __forceinline__ void v13_copy16(float *dst,
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

static __device__ __forceinline__ void v13_copies_wait(void)
{
#if __CUDA_ARCH__ >= 800
	asm volatile("cp.async.commit_group;\n"
		     "cp.async.wait_group 0;\n" ::: "memory");
#endif
}

/* How the tiles are dealt: q * places tiles one per block, then the
 * steps of the rest split among sk blocks. */
struct v13_plan {
	int tiles;		/* tiles along a side */
	int steps;		/* steps of V13_BK in k per tile */
	int dp;			/* tiles (and blocks) done whole */
	int sk;			/* blocks sharing the steps of the rest */
};

/* The first step (in the stream-K range, counted from tile p->dp) of
 * stream-K block j. */
static __device__ __forceinline__ long long v13_sk_begin(
	const struct v13_plan *p, long long total, int j)
{
	return total * j / p->sk;
}

/* The stream-K block whose range holds step g: the last j with
 * begin(j) <= g. */
static __device__ __forceinline__ int v13_sk_owner(
	const struct v13_plan *p, long long total, long long g)
{
	return (int)(((g + 1) * p->sk - 1) / total);
}

/* Multiplies the tile at (row0, col0) over steps [s0, s1) into acc. The
 * loop of v11; returns after a barrier, the shared tiles free again. */
static __device__ __forceinline__ void v13_tile_mul(
	const float *__restrict__ a, const float *__restrict__ b, int n,
	int row0, int col0, int s0, int s1, float acc[8][8],
	float (*as)[V13_BK][V13_BM + V13_PAD], float (*bs)[V13_BK][V13_BM],
	float *stage)
{
	int t = threadIdx.x, warp = t / 32, lane = t % 32;
	int wr = (warp / 4) * V13_WM, wc = (warp % 4) * V13_WN;
	int lr = (lane / 4) * 4, lc = (lane % 4) * 4;
	int kend = s1 * V13_BK;
	int st = 0;
	auto load_b = [&](int k0, int s) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V13_THREADS;
			int bk = l / 32, bcol = (l % 32) * 4;
			int ok = k0 + bk < n && col0 + bcol < n;

			v13_copy16(&bs[s][bk][bcol], ok ? &b[(k0 + bk) * n +
				   col0 + bcol] : b, ok ? 16 : 0);
		}
	};
	/* A's float4s of the tile at k0 into this thread's slots of stage,
	 * asynchronously, like B's */
	auto load_a = [&](int k0) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V13_THREADS;
			int ar = l / 4, ak = (l % 4) * 4;
			int ok = row0 + ar < n && k0 + ak < n;

			v13_copy16(&stage[l * 4], ok ? &a[(row0 + ar) * n + k0 +
				   ak] : a, ok ? 16 : 0);
		}
	};
	/* the thread's own slots of stage (its copies done) transposed
	 * into stage s of the A tile */
	auto store_a = [&](int s) {
#pragma unroll
		for (int h = 0; h < 2; h++) {
			int l = t + h * V13_THREADS;
			int ar = l / 4, ak = (l % 4) * 4;
			float4 v = *(const float4 *)&stage[l * 4];

			as[s][ak][ar] = v.x;
			as[s][ak + 1][ar] = v.y;
			as[s][ak + 2][ar] = v.z;
			as[s][ak + 3][ar] = v.w;
		}
	};

	load_b(s0 * V13_BK, 0);
	load_a(s0 * V13_BK);
	v13_copies_wait();
	store_a(0);
	__syncthreads();
	for (int k0 = s0 * V13_BK; k0 < kend; k0 += V13_BK) {
		int next = k0 + V13_BK < kend;
		float fa[2][8], fb[2][8];

		if (next) {
			load_b(k0 + V13_BK, st ^ 1);
			load_a(k0 + V13_BK);
		}
#pragma unroll
		for (int s = 0; s < 2; s++) {
			*(float4 *)&fa[0][4 * s] =
				*(const float4 *)&as[st][0][wr + s * 32 + lr];
			*(float4 *)&fb[0][4 * s] =
				*(const float4 *)&bs[st][0][wc + s * 16 + lc];
		}
#pragma unroll
		for (int k = 0; k < V13_BK; k++) {
			if (k + 1 < V13_BK) {
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
			v13_copies_wait();
			store_a(st ^ 1);
		}
		__syncthreads();
		st ^= 1;
	}
}

/* A thread's element (i, 4s..4s+3) of the tile: its row and column in
 * the tile. */
static __device__ __forceinline__ int v13_row(int i)
{
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

	return (warp / 4) * V13_WM + (i / 4) * 32 + (lane / 4) * 4 + i % 4;
}

static __device__ __forceinline__ int v13_col(int s)
{
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

	return (warp % 4) * V13_WN + s * 16 + (lane % 4) * 4;
}

static __device__ __forceinline__ void v13_tile_store(float *c, int n,
						      int row0, int col0,
						      float acc[8][8])
{
#pragma unroll
	for (int i = 0; i < 8; i++) {
		int row = row0 + v13_row(i);

		if (row >= n)
			continue;
#pragma unroll
		for (int s = 0; s < 2; s++) {
			int col = col0 + v13_col(s);

			if (col < n)
				*(float4 *)&c[row * n + col] = make_float4(
					acc[i][4 * s], acc[i][4 * s + 1],
					acc[i][4 * s + 2], acc[i][4 * s + 3]);
		}
	}
}

__global__ void __launch_bounds__(V13_THREADS, 2)
mm_v13(const float *__restrict__ a, const float *__restrict__ b,
       float *__restrict__ c, int n, struct v13_plan p,
       float *__restrict__ part, unsigned *__restrict__ count)
{
	__shared__ __align__(16) float as[2][V13_BK][V13_BM + V13_PAD];
	__shared__ __align__(16) float bs[2][V13_BK][V13_BM];
	__shared__ __align__(16) float stage[V13_THREADS * 8];
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
		v13_tile_mul(a, b, n, tile / p.tiles * V13_BM,
			     tile % p.tiles * V13_BM, 0, p.steps, acc, as, bs,
			     stage);
		v13_tile_store(c, n, tile / p.tiles * V13_BM,
			       tile % p.tiles * V13_BM, acc);
		return;
	}
	/* stream-K: steps counted from the first tile after the dp ones */
	int j = blockIdx.x - p.dp;

	total = (long long)(p.tiles * p.tiles - p.dp) * p.steps;
	beg = v13_sk_begin(&p, total, j);
	end = v13_sk_begin(&p, total, j + 1);
	for (g = beg; g < end;) {
		int local = (int)(g / p.steps), s0 = (int)(g % p.steps);
		int s1 = (int)min((long long)p.steps, s0 + (end - g));
		int tile = p.dp + local;
		int row0 = tile / p.tiles * V13_BM, col0 = tile % p.tiles *
							V13_BM;
		long long t0 = (long long)local * p.steps;
		int first, lastb;

#pragma unroll
		for (int i = 0; i < 8; i++)
#pragma unroll
			for (int k = 0; k < 8; k++)
				acc[i][k] = 0;
		v13_tile_mul(a, b, n, row0, col0, s0, s1, acc, as, bs, stage);
		g += s1 - s0;
		if (s0 == 0 && s1 == p.steps) {
			v13_tile_store(c, n, row0, col0, acc);
			continue;
		}
		/* A piece of a tile: slot 0 if it starts this block's
		 * range, 1 if it ends it (a block has at most one of
		 * each). */
		float *mine = part + ((size_t)j * 2 + (t0 + s0 == beg ? 0 : 1)) *
					     V13_TILE;
#pragma unroll
		for (int i = 0; i < 8; i++)
#pragma unroll
			for (int s = 0; s < 2; s++)
				__stcg((float4 *)&mine[v13_row(i) * V13_BM +
						       v13_col(s)],
				       make_float4(acc[i][4 * s],
						   acc[i][4 * s + 1],
						   acc[i][4 * s + 2],
						   acc[i][4 * s + 3]));
		first = v13_sk_owner(&p, total, t0);
		lastb = v13_sk_owner(&p, total, t0 + p.steps - 1);
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
			int slot = v13_sk_begin(&p, total, o) >= t0 ? 0 : 1;
			const float *q = part + ((size_t)o * 2 + slot) *
						    V13_TILE;

#pragma unroll
			for (int i = 0; i < 8; i++)
#pragma unroll
				for (int s = 0; s < 2; s++) {
					float4 v = __ldcg((const float4 *)&q[
						v13_row(i) * V13_BM +
						v13_col(s)]);

					acc[i][4 * s] += v.x;
					acc[i][4 * s + 1] += v.y;
					acc[i][4 * s + 2] += v.z;
					acc[i][4 * s + 3] += v.w;
				}
		}
		v13_tile_store(c, n, row0, col0, acc);
		if (threadIdx.x == 0)
			count[tile] = 0;
	}
}

/* The launch's state on the current device and its workspace. */
static struct streamk v13_sk = { (const void *)mm_v13, V13_THREADS, 0, NULL,
				 V13_SK_FILL_MAX, V13_SK_HALVE_WAVES };

/* The plan for n on the current device. */
static int v13_plan_make(int n, struct v13_plan *p)
{
	p->tiles = (n + V13_BM - 1) / V13_BM;
	p->steps = (n + V13_BK - 1) / V13_BK;
	return streamk_plan(&v13_sk, p->tiles * p->tiles, p->steps, &p->dp,
			    &p->sk);
}

extern "C" const void *kernel_v13_func(int block, int ilp)
{
	(void)ilp;
	return block == V13_BM ? (const void *)mm_v13 : NULL;
}

extern "C" long long kernel_v13_grid(const struct kernel_args *args)
{
	struct v13_plan p;

	return v13_plan_make(args->n, &p) ? 0 : (long long)p.dp + p.sk;
}

extern "C" int kernel_v13_launch(const struct kernel_args *args)
{
	struct v13_plan p;
	int n = args->n, err;

	if (args->block != V13_BM || args->fp64 || n % 4 || n < 1)
		return cudaErrorInvalidValue;
	err = v13_plan_make(n, &p);
	if (!err)
		err = streamk_workspace(&v13_sk, (size_t)p.sk * 2 * V13_TILE,
					(size_t)p.tiles * p.tiles);
	if (err)
		return err;
	KERNEL_LAUNCH_BEGIN();
	mm_v13<<<p.dp + p.sk, V13_THREADS, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, n, p, v13_sk.part, v13_sk.count);
	return KERNEL_LAUNCH_END("mm_v13<<<tiles - r + places, 256>>>");
}
