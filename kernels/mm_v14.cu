/* v14: v13 with a 128 x 256 tile, a 3-stage copy ring and one barrier
 * per step.
 *
 * Measured with Nsight Compute on an H200 at n = 4096, v13 and cuBLAS
 * execute nearly the same number of instructions (2.45 and 2.43 G), but
 * v13's schedulers issue in 81 % of cycles and cuBLAS's in 91 %. v13's
 * step spends about 140 instructions computing the addresses and bounds
 * of its copies, and its first fragments of a step wait on shared memory
 * right after the barrier.
 *
 * Here a block of 256 threads computes a 128 x 256 tile, each warp
 * 64 x 64 and each thread 8 x 16 (128 accumulators): 6 shared loads of
 * 16 bytes per 128 multiply-adds, against 4 per 64 in v13. That takes
 * about 230 registers, so one block an SM (8 warps, as cuBLAS). The
 * copies of steps k + 1 and k + 2 are in flight while step k is
 * multiplied (a ring of three stages of A and B, cp.async); each thread
 * transposes its own copies of A into a double-buffered tile (no other
 * thread reads them, so no barrier before), and the one barrier of a
 * step comes before its last multiply-adds, so the next step's first
 * fragments are read while they run. Copies go from pointers computed
 * once; the bounds are checked only where a tile crosses the edge.
 *
 * Any n >= 1: n a multiple of 256 runs unchecked; otherwise the edge
 * tiles are zero-filled (n a multiple of 4: 16-byte copies; otherwise
 * 4-byte copies and single stores, slower but exact).
 *
 * As v12 and v13, Stream-K for the last wave, with its workspace (a
 * pair of partial tiles per stream-K block) and counters (one per
 * tile, zero between launches) kept between calls, so one launch runs
 * at a time in a process. The block argument is the tile's height,
 * 128. */
#include "check.h"
#include "launch.h"
#include "streamk.h"

#define V14_BM 128
#define V14_BN 256
#define V14_BK 16
#define V14_S 3
#define V14_THREADS 256
#define V14_TILE (V14_BM * V14_BN)
/* floats a stage of B, of A as copied, and the transposed A tile */
#define V14_BST (V14_BK * V14_BN)
#define V14_AST (V14_BM * V14_BK)
#define V14_AS (V14_BM + 4)
#define V14_ATS (V14_BK * V14_AS)
/* bytes of dynamic shared memory, the stream-K flag (16 bytes) last: the
 * two kernels alike, and none static */
#define V14_SMEM ((V14_S * (V14_BST + V14_AST) + 2 * V14_ATS) * 4 + 16)
/* the fullest last wave (%) that is still cut */
#define V14_SK_FILL_MAX 92
/* full waves after which the last one is cut into twice as many pieces */
#define V14_SK_HALVE_WAVES 8

/* Copies the float4 of src into shared address s, its first valid
 * elements (0..4) read and the rest zero. VEC 4: one 16-byte copy (src
 * 16-byte aligned); VEC 1: four 4-byte copies, for rows that are not. */
template <int VEC>
static __device__ __forceinline__ void v14_copy(unsigned s, const float *src,
						 int valid, const float *any)
{
#if __CUDA_ARCH__ >= 800
	if (VEC == 4 && valid == 4) {
		asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n"
			     :: "r"(s), "l"(src));
	} else if (VEC == 4) {
		asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n"
			     :: "r"(s), "l"(valid ? src : any),
			     "r"(valid * 4));
	} else {
#pragma unroll
		for (int e = 0; e < 4; e++)
			asm volatile("cp.async.ca.shared.global [%0], [%1], 4, "
				     "%2;\n" :: "r"(s + 4 * e),
				     "l"(e < valid ? src + e : any),
				     "r"(e < valid ? 4 : 0));
	}
#else
	float *d = (float *)__cvta_shared_to_generic(s);

	for (int e = 0; e < 4; e++)
		d[e] = e < valid ? src[e] : 0.0f;
#endif
}

static __device__ __forceinline__ void v14_commit(void)
{
#if __CUDA_ARCH__ >= 800
	asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

/* Waits until at most V14_S - 2 of this thread's copy groups are in
 * flight: the oldest stage has landed. */
static __device__ __forceinline__ void v14_wait(void)
{
#if __CUDA_ARCH__ >= 800
	asm volatile("cp.async.wait_group %0;\n" :: "n"(V14_S - 2) : "memory");
#endif
}

/* How many of the 4 elements from column col of a row of n are in it. */
static __device__ __forceinline__ int v14_valid(int col, int n)
{
	return col >= n ? 0 : n - col >= 4 ? 4 : n - col;
}

/* How the tiles are dealt: dp tiles one per block, then the steps of
 * the rest split among sk blocks. */
struct v14_plan {
	int tn;			/* tiles along a row of C */
	int tiles;		/* tiles in all */
	int steps;		/* steps of V14_BK in k per tile */
	int dp;			/* tiles (and blocks) done whole */
	int sk;			/* blocks sharing the steps of the rest */
};

/* The first step (in the stream-K range, counted from tile p->dp) of
 * stream-K block j. */
static __device__ __forceinline__ long long v14_sk_begin(
	const struct v14_plan *p, long long total, int j)
{
	return total * j / p->sk;
}

/* The stream-K block whose range holds step g: the last j with
 * begin(j) <= g. */
static __device__ __forceinline__ int v14_sk_owner(
	const struct v14_plan *p, long long total, long long g)
{
	return (int)(((g + 1) * p->sk - 1) / total);
}

/* A thread's row of accumulator row i, and column of its s-th group of
 * four, in the tile: warps 2 x 4 of 64 x 64, lanes 8 x 4 of 4 x 4. */
static __device__ __forceinline__ int v14_row(int i)
{
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

	return (warp / 4) * 64 + (i / 4) * 32 + (lane / 4) * 4 + i % 4;
}

static __device__ __forceinline__ int v14_col(int s)
{
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

	return (warp % 4) * 64 + s * 16 + (lane % 4) * 4;
}

/* Multiplies the tile at (row0, col0) over steps [s0, s1) into acc.
 * GUARD: the tile may cross the edge (copies check their bounds). Its
 * last step reads the next stage in vain after its last barrier: a
 * caller that multiplies again puts a barrier between (the stream-K
 * kernel does). */
template <bool GUARD, int VEC>
static __device__ __forceinline__ void v14_tile_mul(
	const float *__restrict__ a, const float *__restrict__ b, int n,
	int row0, int col0, int s0, int s1, float acc[8][16], float *sm)
{
	float *bs = sm, *ar = bs + V14_S * V14_BST, *at = ar + V14_S * V14_AST;
	int t = threadIdx.x, warp = t / 32, lane = t % 32;
	int wr = (warp / 4) * 64 + (lane / 4) * 4;
	int wc = (warp % 4) * 64 + (lane % 4) * 4;
	/* this thread's copies: B rows bk0 + 4h, A rows ar0 + 64h */
	int bk0 = t / 64, bc = (t % 64) * 4, ar0 = t / 4, ak = (t % 4) * 4;
	const float *gb = b + (size_t)(s0 * V14_BK + bk0) * n + col0 + bc;
	const float *ga = a + (size_t)(row0 + ar0) * n + s0 * V14_BK + ak;
	size_t bstep = (size_t)4 * n, astep = (size_t)64 * n;
	unsigned sb = (unsigned)__cvta_generic_to_shared(bs + bk0 * V14_BN +
							  bc);
	unsigned sa = (unsigned)__cvta_generic_to_shared(ar + t * 4);
	int cnt = s1 - s0;
	float fa[2][8], fb[2][16];

	/* the copies of the piece's step j into stage j % V14_S; a group
	 * is committed even when empty, so that the wait counts alike */
	auto issue = [&](int j) {
		if (j < cnt) {
			int s = j % V14_S, k0 = (s0 + j) * V14_BK;
			const float *pb = gb + (size_t)j * V14_BK * n;
			const float *pa = ga + j * V14_BK;

#pragma unroll
			for (int h = 0; h < 4; h++)
				v14_copy<VEC>(sb + (s * V14_BST + h * 4 *
					      V14_BN) * 4, pb + h * bstep,
					      !GUARD ? 4 : k0 + bk0 + 4 * h < n ?
					      v14_valid(col0 + bc, n) : 0, b);
#pragma unroll
			for (int h = 0; h < 2; h++)
				v14_copy<VEC>(sa + (s * V14_AST + h *
					      V14_THREADS * 4) * 4, pa + h *
					      astep, !GUARD ? 4 : row0 + ar0 +
					      64 * h < n ? v14_valid(k0 + ak, n)
					      : 0, a);
		}
		v14_commit();
	};
	/* this thread's own copies of A for step j, landed, transposed
	 * into the A tile (j & 1) */
	auto transpose = [&](int j) {
		const float *r = ar + (j % V14_S) * V14_AST + t * 4;
		float *d = at + (j & 1) * V14_ATS;

#pragma unroll
		for (int h = 0; h < 2; h++) {
			float4 v = *(const float4 *)&r[h * V14_THREADS * 4];
			int row = ar0 + 64 * h;

			d[(ak + 0) * V14_AS + row] = v.x;
			d[(ak + 1) * V14_AS + row] = v.y;
			d[(ak + 2) * V14_AS + row] = v.z;
			d[(ak + 3) * V14_AS + row] = v.w;
		}
	};

#pragma unroll
	for (int j = 0; j < V14_S - 1; j++)
		issue(j);
	v14_wait();
	transpose(0);
	__syncthreads();
#pragma unroll
	for (int s = 0; s < 2; s++)
		*(float4 *)&fa[0][4 * s] = *(const float4 *)&at[wr + s * 32];
#pragma unroll
	for (int s = 0; s < 4; s++)
		*(float4 *)&fb[0][4 * s] = *(const float4 *)&bs[wc + s * 16];
	for (int j = 0; j < cnt; j++) {
		issue(j + V14_S - 1);
		/* this step's tiles, and the next step's (read from its
		 * last row on) */
		const float *ap = at + (j & 1) * V14_ATS + wr;
		const float *bp = bs + (j % V14_S) * V14_BST + wc;
		const float *apn = at + ((j + 1) & 1) * V14_ATS + wr;
		const float *bpn = bs + ((j + 1) % V14_S) * V14_BST + wc;

#pragma unroll
		for (int k = 0; k < V14_BK; k++) {
			if (k == V14_BK - 1) {
				if (j + 1 < cnt) {
					v14_wait();
					transpose(j + 1);
				}
				__syncthreads();
			}
			/* the last step of a piece reads the next stage in
			 * vain: harmless, nothing writes it before the
			 * caller's next barrier */
			const float *pa = k + 1 < V14_BK ?
					  ap + (k + 1) * V14_AS : apn;
			const float *pb = k + 1 < V14_BK ?
					  bp + (k + 1) * V14_BN : bpn;

#pragma unroll
			for (int s = 0; s < 2; s++)
				*(float4 *)&fa[(k + 1) & 1][4 * s] =
					*(const float4 *)&pa[s * 32];
#pragma unroll
			for (int s = 0; s < 4; s++)
				*(float4 *)&fb[(k + 1) & 1][4 * s] =
					*(const float4 *)&pb[s * 16];
			/* row by row, every other row backwards: each
			 * multiply-add shares an operand with the one
			 * before, which the operand reuse cache then holds
			 * (measured: 2.6 % faster than every row forwards) */
#pragma unroll
			for (int i = 0; i < 8; i++)
#pragma unroll
				for (int r = 0; r < 16; r++) {
					int q = i & 1 ? 15 - r : r;

					acc[i][q] += fa[k & 1][i] *
						     fb[k & 1][q];
				}
		}
	}
}

/* Stores the tile's acc into C at (row0, col0), inside n. */
template <bool GUARD, int VEC>
static __device__ __forceinline__ void v14_tile_store(float *c, int n,
						      int row0, int col0,
						      float acc[8][16])
{
#pragma unroll
	for (int i = 0; i < 8; i++) {
		int row = row0 + v14_row(i);

		if (GUARD && row >= n)
			continue;
#pragma unroll
		for (int s = 0; s < 4; s++) {
			int col = col0 + v14_col(s);
			float *d = &c[(size_t)row * n + col];

			if (VEC == 4 && (!GUARD || col < n)) {
				*(float4 *)d = make_float4(acc[i][4 * s],
					acc[i][4 * s + 1], acc[i][4 * s + 2],
					acc[i][4 * s + 3]);
			} else if (VEC == 1) {
#pragma unroll
				for (int e = 0; e < 4; e++)
					if (col + e < n)
						d[e] = acc[i][4 * s + e];
			}
		}
	}
}

static __device__ __forceinline__ void v14_acc_zero(float acc[8][16])
{
#pragma unroll
	for (int i = 0; i < 8; i++)
#pragma unroll
		for (int q = 0; q < 16; q++)
			acc[i][q] = 0;
}

/* The tiles done whole, one a block. */
template <bool GUARD, int VEC>
__global__ void __launch_bounds__(V14_THREADS, 1)
mm_v14(const float *__restrict__ a, const float *__restrict__ b,
       float *__restrict__ c, int n, struct v14_plan p)
{
	extern __shared__ __align__(16) float v14_sm[];
	int row0 = blockIdx.x / p.tn * V14_BM, col0 = blockIdx.x % p.tn *
						     V14_BN;
	float acc[8][16];

	v14_acc_zero(acc);
	v14_tile_mul<GUARD, VEC>(a, b, n, row0, col0, 0, p.steps, acc, v14_sm);
	v14_tile_store<GUARD, VEC>(c, n, row0, col0, acc);
}

/* The rest, stream-K: block j multiplies its share of the steps of the
 * tiles after dp, a piece of a tile at a time. A second kernel: in a
 * loop around the multiply (as v13's one kernel has it), the compiler
 * kept the loop's state in registers the multiply needs (255 and
 * spills, against 229), and the whole tiles ran 8 % slower. */
template <bool GUARD, int VEC>
__global__ void __launch_bounds__(V14_THREADS, 1)
mm_v14_sk(const float *__restrict__ a, const float *__restrict__ b,
	  float *__restrict__ c, int n, struct v14_plan p,
	  float *__restrict__ part, unsigned *__restrict__ count)
{
	extern __shared__ __align__(16) float v14_sm[];
	int *last = (int *)(v14_sm + (V14_SMEM - 16) / 4);
	int j = blockIdx.x;
	long long total = (long long)(p.tiles - p.dp) * p.steps;
	long long beg = v14_sk_begin(&p, total, j);
	long long end = v14_sk_begin(&p, total, j + 1), g;
	float acc[8][16];

	for (g = beg; g < end;) {
		int local = (int)(g / p.steps), s0 = (int)(g % p.steps);
		int s1 = (int)min((long long)p.steps, s0 + (end - g));
		int tile = p.dp + local;
		int row0 = tile / p.tn * V14_BM, col0 = tile % p.tn * V14_BN;
		long long t0 = (long long)local * p.steps;
		int first, lastb;

		v14_acc_zero(acc);
		/* the last piece's final reads done before this one's
		 * copies land */
		__syncthreads();
		v14_tile_mul<GUARD, VEC>(a, b, n, row0, col0, s0, s1, acc,
					 v14_sm);
		g += s1 - s0;
		if (s0 == 0 && s1 == p.steps) {
			v14_tile_store<GUARD, VEC>(c, n, row0, col0, acc);
			continue;
		}
		/* A piece of a tile: slot 0 if it starts this block's
		 * range, 1 if it ends it (a block has at most one of
		 * each). */
		float *mine = part + ((size_t)j * 2 + (t0 + s0 == beg ? 0 : 1)) *
					     V14_TILE;
#pragma unroll
		for (int i = 0; i < 8; i++)
#pragma unroll
			for (int s = 0; s < 4; s++)
				__stcg((float4 *)&mine[v14_row(i) * V14_BN +
						       v14_col(s)],
				       make_float4(acc[i][4 * s],
						   acc[i][4 * s + 1],
						   acc[i][4 * s + 2],
						   acc[i][4 * s + 3]));
		first = v14_sk_owner(&p, total, t0);
		lastb = v14_sk_owner(&p, total, t0 + p.steps - 1);
		/* every thread's partial visible before the count moves */
		__threadfence();
		__syncthreads();
		if (threadIdx.x == 0)
			*last = atomicAdd(&count[tile], 1u) ==
				(unsigned)(lastb - first);
		__syncthreads();
		if (!*last)
			continue;
		__threadfence();
		/* the last to arrive adds every piece, in order of k */
		v14_acc_zero(acc);
		for (int o = first; o <= lastb; o++) {
			int slot = v14_sk_begin(&p, total, o) >= t0 ? 0 : 1;
			const float *q = part + ((size_t)o * 2 + slot) *
						    V14_TILE;

#pragma unroll
			for (int i = 0; i < 8; i++)
#pragma unroll
				for (int s = 0; s < 4; s++) {
					float4 v = __ldcg((const float4 *)&q[
						v14_row(i) * V14_BN +
						v14_col(s)]);

					acc[i][4 * s] += v.x;
					acc[i][4 * s + 1] += v.y;
					acc[i][4 * s + 2] += v.z;
					acc[i][4 * s + 3] += v.w;
				}
		}
		v14_tile_store<GUARD, VEC>(c, n, row0, col0, acc);
		if (threadIdx.x == 0)
			count[tile] = 0;
	}
}

typedef void (*v14_whole_fn)(const float *, const float *, float *, int,
			     struct v14_plan);
typedef void (*v14_sk_fn)(const float *, const float *, float *, int,
			  struct v14_plan, float *, unsigned *);

/* The instances: unchecked, checked with 16-byte copies, checked with
 * 4-byte copies. */
static const v14_whole_fn v14_whole[] = { mm_v14<false, 4>, mm_v14<true, 4>,
					  mm_v14<true, 1> };
static const v14_sk_fn v14_sks[] = { mm_v14_sk<false, 4>,
				     mm_v14_sk<true, 4>, mm_v14_sk<true, 1> };

/* The instance for n: unchecked where every tile is whole, checked with
 * 16-byte copies where rows are float4-aligned, else 4-byte. */
static int v14_pick(int n)
{
	return n % V14_BN == 0 ? 0 : n % 4 == 0 ? 1 : 2;
}

/* The instances' shared memory limit raised, on each new device. */
static int v14_setup(void)
{
	int err = 0;

	for (int i = 0; i < 3 && !err; i++) {
		err = KERNEL_CUDA(cudaFuncSetAttribute(
			(const void *)v14_whole[i],
			cudaFuncAttributeMaxDynamicSharedMemorySize,
			V14_SMEM));
		if (!err)
			err = KERNEL_CUDA(cudaFuncSetAttribute(
				(const void *)v14_sks[i],
				cudaFuncAttributeMaxDynamicSharedMemorySize,
				V14_SMEM));
	}
	return err;
}

/* The launch's state on the current device and its workspace. */
static struct streamk v14_sk = { (const void *)mm_v14<false, 4>, V14_THREADS,
				 V14_SMEM, v14_setup, V14_SK_FILL_MAX,
				 V14_SK_HALVE_WAVES };

/* The plan for n on the current device. */
static int v14_plan_make(int n, struct v14_plan *p)
{
	p->tn = (n + V14_BN - 1) / V14_BN;
	p->tiles = (n + V14_BM - 1) / V14_BM * p->tn;
	p->steps = (n + V14_BK - 1) / V14_BK;
	return streamk_plan(&v14_sk, p->tiles, p->steps, &p->dp, &p->sk);
}

extern "C" const void *kernel_v14_func(int block, int ilp)
{
	(void)ilp;
	return block == V14_BM ? (const void *)v14_whole[0] : NULL;
}

extern "C" long long kernel_v14_grid(const struct kernel_args *args)
{
	struct v14_plan p;

	return v14_plan_make(args->n, &p) ? 0 : (long long)p.dp + p.sk;
}

/* Both kernels on args->stream: the timer takes the first start to the
 * last end of the work a run launched, the gap between them included. */
extern "C" int kernel_v14_launch(const struct kernel_args *args)
{
	struct v14_plan p;
	int n = args->n, err, i;
	cudaStream_t st = (cudaStream_t)args->stream;

	if (args->block != V14_BM || args->fp64 || n < 1)
		return cudaErrorInvalidValue;
	err = v14_plan_make(n, &p);
	if (!err)
		err = streamk_workspace(&v14_sk, (size_t)p.sk * 2 * V14_TILE,
					(size_t)p.tiles);
	if (err)
		return err;
	i = v14_pick(n);
	KERNEL_LAUNCH_BEGIN();
	if (p.dp) {
		v14_whole[i]<<<p.dp, V14_THREADS, V14_SMEM, st>>>(
			(const float *)args->a, (const float *)args->b,
			(float *)args->c, n, p);
		err = KERNEL_LAUNCH_END("mm_v14<<<tiles - r, 256>>>");
	}
	if (!err && p.sk) {
		v14_sks[i]<<<p.sk, V14_THREADS, V14_SMEM, st>>>(
			(const float *)args->a, (const float *)args->b,
			(float *)args->c, n, p, v14_sk.part, v14_sk.count);
		err = KERNEL_LAUNCH_END("mm_v14_sk<<<places, 256>>>");
	}
	return err;
}
