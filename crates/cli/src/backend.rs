//! Which solving back-end a run uses, for `--version` and `--stats`: the one place that
//! says it.

/// The back-end the bitset solver runs on: `avx512` where the CPU has AVX-512BW and
/// BMI2 and `simd` is allowed (not `--no-simd`), else `portable`.
pub fn name(simd: bool) -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        if simd
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("bmi2")
        {
            return "avx512";
        }
    }
    let _ = simd;
    "portable"
}
