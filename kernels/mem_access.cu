/* The memory-access kernels of lecture B (coalesce suite) and textbook R
 * (bank suite), 1-D blocks of args->block threads, one element (bank:
 * one thread's reads) per thread, 64-bit indices:
 *   offset  c[i] = a[i + param]: every warp's read straddles one more
 *           32-byte sector when param is not a multiple of 8 floats;
 *   stride  c[i] = a[i * param]: a warp's 32 reads touch up to 32
 *           sectors, of which only 4 bytes each are used;
 *   aos     out[i] = pos[i] + vel[i] dt for three-float vectors stored as
 *           an array of structures {x, y, z}: each component load of a
 *           warp is 32 reads 12 bytes apart;
 *   soa     the same update on three arrays x, y, z per quantity: every
 *           load is a contiguous run of 32 floats;
 *   bank    each thread reads shared memory KERNEL_BANK_READS times at
 *           word (lane * param + 32 i) mod KERNEL_BANK_WORDS: the 32
 *           lanes of a warp fall on gcd(param, 32) words of each bank
 *           they use, an n-way conflict (textbook R's stride
 *           experiment); the sum of its reads is written to c[thread].
 * aos and soa compute with one fused multiply-add per component, as the
 * host's fmaf does, so that the verification is exact. */
#include "check.h"
#include "launch.h"

enum { ACC_OFFSET, ACC_STRIDE };

template <int KIND>
__global__ void __launch_bounds__(1024)
access_copy(const float *__restrict__ a, float *__restrict__ c,
	    size_t count, int param)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= count)
		return;
	if (KIND == ACC_OFFSET)
		c[i] = a[i + (size_t)param];
	else
		c[i] = a[i * (size_t)param];
}

struct vec3 {
	float x, y, z;
};

__global__ void __launch_bounds__(1024)
update_aos(const vec3 *__restrict__ pos, const vec3 *__restrict__ vel,
	   vec3 *__restrict__ out, size_t count)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	vec3 p, v;

	if (i >= count)
		return;
	p = pos[i];
	v = vel[i];
	out[i].x = __fmaf_rn(v.x, KERNEL_UPDATE_DT, p.x);
	out[i].y = __fmaf_rn(v.y, KERNEL_UPDATE_DT, p.y);
	out[i].z = __fmaf_rn(v.z, KERNEL_UPDATE_DT, p.z);
}

/* pos, vel and out each hold the x, then the y, then the z array. */
__global__ void __launch_bounds__(1024)
update_soa(const float *__restrict__ pos, const float *__restrict__ vel,
	   float *__restrict__ out, size_t count)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= count)
		return;
	for (int d = 0; d < 3; d++) {
		size_t j = (size_t)d * count + i;

		out[j] = __fmaf_rn(vel[j], KERNEL_UPDATE_DT, pos[j]);
	}
}

__global__ void __launch_bounds__(1024)
bank_reads(const unsigned *__restrict__ words, unsigned *__restrict__ c,
	   size_t count, int stride)
{
	__shared__ unsigned s[KERNEL_BANK_WORDS];
	size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	unsigned base = (threadIdx.x & 31u) * (unsigned)stride, sum = 0;

	for (int j = threadIdx.x; j < KERNEL_BANK_WORDS; j += blockDim.x)
		s[j] = words[j];
	__syncthreads();
#pragma unroll 16
	for (unsigned i = 0; i < KERNEL_BANK_READS; i++)
		sum += s[(base + 32u * i) & (KERNEL_BANK_WORDS - 1)];
	if (t < count)
		c[t] = sum;
}

static size_t access_blocks(const struct kernel_args *args)
{
	return (args->count + args->block - 1) / args->block;
}

/* Threads and grid within the limits every device has; the registry's
 * check() has refused anything else before. */
static int access_args_ok(const struct kernel_args *args)
{
	return args->block >= 1 && args->block <= 1024 && args->count > 0 &&
	       access_blocks(args) <= 0x7fffffff;
}

#define ACCESS_LAUNCH(what, kernel, ...)				\
	do {								\
		if (!access_args_ok(args))				\
			return cudaErrorInvalidValue;			\
		KERNEL_LAUNCH_BEGIN();					\
		kernel<<<(unsigned)access_blocks(args), args->block, 0,	\
			 (cudaStream_t)args->stream>>>(__VA_ARGS__);	\
		return KERNEL_LAUNCH_END(what);				\
	} while (0)

extern "C" const void *kernel_offset_func(int block, int ilp)
{
	return (const void *)access_copy<ACC_OFFSET>;
}

extern "C" int kernel_offset_launch(const struct kernel_args *args)
{
	ACCESS_LAUNCH("access_copy<offset><<<ceil(N/threads), threads>>>",
		      access_copy<ACC_OFFSET>, (const float *)args->a,
		      (float *)args->c, args->count, args->param);
}

extern "C" const void *kernel_stride_func(int block, int ilp)
{
	return (const void *)access_copy<ACC_STRIDE>;
}

extern "C" int kernel_stride_launch(const struct kernel_args *args)
{
	ACCESS_LAUNCH("access_copy<stride><<<ceil(N/threads), threads>>>",
		      access_copy<ACC_STRIDE>, (const float *)args->a,
		      (float *)args->c, args->count, args->param);
}

extern "C" const void *kernel_aos_func(int block, int ilp)
{
	return (const void *)update_aos;
}

extern "C" int kernel_aos_launch(const struct kernel_args *args)
{
	ACCESS_LAUNCH("update_aos<<<ceil(N/threads), threads>>>", update_aos,
		      (const vec3 *)args->a, (const vec3 *)args->b,
		      (vec3 *)args->c, args->count);
}

extern "C" const void *kernel_soa_func(int block, int ilp)
{
	return (const void *)update_soa;
}

extern "C" int kernel_soa_launch(const struct kernel_args *args)
{
	ACCESS_LAUNCH("update_soa<<<ceil(N/threads), threads>>>", update_soa,
		      (const float *)args->a, (const float *)args->b,
		      (float *)args->c, args->count);
}

extern "C" const void *kernel_bank_func(int block, int ilp)
{
	return (const void *)bank_reads;
}

extern "C" int kernel_bank_launch(const struct kernel_args *args)
{
	ACCESS_LAUNCH("bank_reads<<<ceil(threads total/threads), threads>>>",
		      bank_reads, (const unsigned *)args->a,
		      (unsigned *)args->c, args->count, args->param);
}
