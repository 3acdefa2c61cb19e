import Foundation

/// The Harrell–Davis quantile estimator: a weighted sum of every order statistic, the weights from a Beta
/// distribution, so that a quantile moves smoothly with the sample instead of jumping between two runs.
///
/// Harrell and Davis (1982), "A new distribution-free quantile estimator", Biometrika 69(3). For a sorted sample
/// x₁ ≤ … ≤ xₙ and a probability p, the estimate is Σ Wᵢ xᵢ with Wᵢ = I(i/n) − I((i−1)/n), where I is the
/// regularized incomplete beta function with a = p(n+1), b = (1−p)(n+1). p = 0 and p = 1 give the minimum and
/// the maximum.
public enum HarrellDavis {
    /// The `probability` quantile of `sorted` (ascending, not empty).
    public static func quantile(_ sorted: [Double], _ probability: Double) -> Double {
        quantiles(sorted, [probability])[0]
    }

    /// The quantiles of `sorted` (ascending, not empty) at each of `probabilities`.
    public static func quantiles(_ sorted: [Double], _ probabilities: [Double]) -> [Double] {
        precondition(!sorted.isEmpty)
        let count = Double(sorted.count)
        return probabilities.map { probability in
            if probability <= 0 || sorted.count == 1 {
                return probability >= 1 ? sorted[sorted.count - 1] : sorted[0]
            }
            if probability >= 1 {
                return sorted[sorted.count - 1]
            }
            let a = probability * (count + 1)
            let b = (1 - probability) * (count + 1)
            var estimate = 0.0
            var previous = 0.0
            for index in sorted.indices {
                let current = index == sorted.count - 1 ? 1 : regularizedIncompleteBeta(Double(index + 1) / count, a, b)
                estimate += (current - previous) * sorted[index]
                previous = current
            }
            return estimate
        }
    }

    /// I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1 and a, b > 0: by its continued fraction,
    /// evaluated with Lentz's method, on whichever side of the mean it converges fast.
    static func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 {
            return 0
        }
        if x >= 1 {
            return 1
        }
        if x > (a + 1) / (a + b + 2) {
            return 1 - regularizedIncompleteBeta(1 - x, b, a)
        }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        return exp(logFront) * continuedFraction(x, a, b) / a
    }

    /// The continued fraction of I_x(a, b): 1 / (1 + d₁ / (1 + d₂ / (1 + …))), where
    /// d₂ₘ₊₁ = −(a+m)(a+b+m)x / ((a+2m)(a+2m+1)) and d₂ₘ = m(b−m)x / ((a+2m−1)(a+2m)).
    private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        let epsilon = 1e-14
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = abs(d) < tiny ? tiny : d
        d = 1 / d
        var result = d
        for m in 1...300 {
            let m = Double(m)
            for numerator in [
                m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
            ] {
                d = 1 + numerator * d
                d = abs(d) < tiny ? tiny : d
                c = 1 + numerator / c
                c = abs(c) < tiny ? tiny : c
                d = 1 / d
                result *= d * c
            }
            if abs(d * c - 1) < epsilon {
                break
            }
        }
        return result
    }
}
