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

/* The launch's state: the plan's inputs for one device, and the
 * workspace, grown to the largest launch so far and kept. */
static struct {
	int device;		/* -1: not yet asked */
	int places;		/* blocks resident at once on the device */
	float *part;
	size_t part_len;	/* floats */
	unsigned *count;
	size_t count_len;	/* counters */
} v12_state = { -1, 0, NULL, 0, NULL, 0 };

/* Frees *buf (one of the workspace's buffers) and forgets it. */
static int v12_buffer_release(void **buf, size_t *len)
{
	int err = KERNEL_CUDA(cudaFree(*buf));

	if (err)
		return err;
	*buf = NULL;
	*len = 0;
	return 0;
}

/* Makes *buf hold at least need elements of elem bytes, keeping it when
 * it already does (*len: its elements); a new one is zeroed. The
 * counters must start at zero; the partial tiles need not, but one path
 * serves both. */
static int v12_buffer_grow(void **buf, size_t *len, size_t need, size_t elem)
{
	int err;

	if (need <= *len)
		return 0;
	err = v12_buffer_release(buf, len);
	if (!err)
		err = KERNEL_CUDA_ALLOC(cudaMalloc(buf, need * elem));
	if (!err)
		err = KERNEL_CUDA(cudaMemset(*buf, 0, need * elem));
	if (err)
		return err;
	*len = need;
	return 0;
}

/* Blocks that run at once on the current device, asked once per device. */
static int v12_places(int *places)
{
	int dev, sms, per_sm, err;

	err = KERNEL_CUDA(cudaGetDevice(&dev));
	if (err)
		return err;
	if (dev == v12_state.device) {
		*places = v12_state.places;
		return 0;
	}
	err = KERNEL_CUDA(cudaDeviceGetAttribute(&sms,
			cudaDevAttrMultiProcessorCount, dev));
	if (err)
		return err;
	err = KERNEL_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
			&per_sm, mm_v12, V12_THREADS, 0));
	if (err)
		return err;
	if (per_sm < 1)
		per_sm = 1;
	/* a new device: the old workspace belongs to the old one */
	err = v12_buffer_release((void **)&v12_state.part,
				 &v12_state.part_len);
	if (!err)
		err = v12_buffer_release((void **)&v12_state.count,
					 &v12_state.count_len);
	if (err)
		return err;
	v12_state.device = dev;
	v12_state.places = sms * per_sm;
	*places = v12_state.places;
	return 0;
}

/* The plan for n on a device with places resident blocks. */
static struct v12_plan v12_plan_make(int n, int places)
{
	struct v12_plan p;
	long long rest_steps, sk;
	int tiles_all, rest;

	p.tiles = (n + V12_BM - 1) / V12_BM;
	p.steps = (n + V12_BK - 1) / V12_BK;
	tiles_all = p.tiles * p.tiles;
	rest = tiles_all % places;
	/* Cutting tiles costs a fix-up: measured on the H100, about 5 % of
	 * a wave. A last wave nearly full (n = 2048: 256 tiles for 264
	 * places) loses less than that idle, and runs whole. */
	if (rest * 100 > places * V12_SK_FILL_MAX)
		rest = 0;
	p.dp = tiles_all - rest;
	rest_steps = (long long)rest * p.steps;
	/* After many full waves the blocks finish far apart, and pieces of
	 * half the size fill the gaps better; after few, the second fix-up
	 * costs more than it fills. Measured (% of cuBLAS, H100 / H200):
	 * n = 8192, 15 waves: 90.1 -> 91.3 / 91.1 -> 92.4; n = 6144, 8
	 * waves: equal; n = 4096, 3 waves: 90.1 -> 89.8 / 91.2 -> 90.9. */
	sk = p.dp >= V12_SK_HALVE_WAVES * places ? 2LL * places : places;
	/* every stream-K block gets a step at least */
	p.sk = (int)(rest_steps < sk ? rest_steps : sk);
	return p;
}

extern "C" const void *kernel_v12_func(int block, int ilp)
{
	(void)ilp;
	return block == V12_BM ? (const void *)mm_v12 : NULL;
}

extern "C" long long kernel_v12_grid(const struct kernel_args *args)
{
	struct v12_plan p;
	int places;

	if (v12_places(&places))
		return 0;
	p = v12_plan_make(args->n, places);
	return (long long)p.dp + p.sk;
}

extern "C" int kernel_v12_launch(const struct kernel_args *args)
{
	struct v12_plan p;
	size_t part_len, count_len;
	int n = args->n, places, err;

	if (args->block != V12_BM || args->fp64 || n % 4 || n < 1)
		return cudaErrorInvalidValue;
	err = v12_places(&places);
	if (err)
		return err;
	p = v12_plan_make(n, places);
	part_len = (size_t)p.sk * 2 * V12_TILE;
	count_len = (size_t)p.tiles * p.tiles;
	err = v12_buffer_grow((void **)&v12_state.part, &v12_state.part_len,
			      part_len, sizeof(float));
	if (!err)
		err = v12_buffer_grow((void **)&v12_state.count,
				      &v12_state.count_len, count_len,
				      sizeof(unsigned));
	if (err)
		return err;
	KERNEL_LAUNCH_BEGIN();
	mm_v12<<<p.dp + p.sk, V12_THREADS, 0, (cudaStream_t)args->stream>>>(
		(const float *)args->a, (const float *)args->b,
		(float *)args->c, n, p, v12_state.part, v12_state.count);
	return KERNEL_LAUNCH_END("mm_v12<<<tiles - r + places, 256>>>");
}
