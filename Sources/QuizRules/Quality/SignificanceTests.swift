import Foundation

/// The few distributions the balance rules test against, written out (no statistics library).
enum SignificanceTests {
    /// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, 9 terms; relative error below 1e-14).
    static func logGamma(_ x: Double) -> Double {
        if x < 0.5 {
            // Reflection: Γ(x) Γ(1 − x) = π / sin(πx).
            return log(Double.pi / abs(sin(Double.pi * x))) - logGamma(1 - x)
        }
        let coefficients: [Double] = [
            0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
            1.5056327351493116e-7,
        ]
        let z = x - 1
        var sum = coefficients[0]
        for i in 1..<coefficients.count { sum += coefficients[i] / (z + Double(i)) }
        let t = z + 7.5
        return 0.5 * log(2 * Double.pi) + (z + 0.5) * log(t) - t + log(sum)
    }

    /// The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a): a series for
    /// P = 1 − Q when x < a + 1, a continued fraction (modified Lentz) for Q otherwise
    /// (Numerical Recipes, 3rd ed., §6.2).
    static func upperGammaQ(_ a: Double, _ x: Double) -> Double {
        precondition(a > 0)
        if x <= 0 { return 1 }
        let logPrefix = a * log(x) - x - logGamma(a)
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var n = a
            for _ in 0..<10_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return max(0, min(1, 1 - sum * exp(logPrefix)))
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return max(0, min(1, exp(logPrefix) * h))
    }

    /// P(X² ≥ statistic) for a chi-square distribution with `degreesOfFreedom`: Q(df/2, x/2).
    static func chiSquareSurvival(_ statistic: Double, degreesOfFreedom: Int) -> Double {
        upperGammaQ(Double(degreesOfFreedom) / 2, statistic / 2)
    }

    /// Pearson's chi-square goodness of fit of `observed` counts to a uniform spread.
    static func uniformChiSquare(_ observed: [Int]) -> (statistic: Double, degreesOfFreedom: Int, p: Double) {
        let n = Double(observed.reduce(0, +))
        let expected = n / Double(observed.count)
        let statistic = observed.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        let df = observed.count - 1
        return (statistic, df, chiSquareSurvival(statistic, degreesOfFreedom: df))
    }

    /// P(X ≥ successes) where X is the number of successes of independent trials with the given
    /// probabilities (a Poisson binomial; a binomial when they are all equal). Exact (dynamic
    /// programming over the distribution) up to `exactLimit` trials, then the normal
    /// approximation with a continuity correction.
    static func upperTail(successes: Int, probabilities: [Double], exactLimit: Int = 3000) -> (p: Double, exact: Bool) {
        if successes <= 0 { return (1, true) }
        if successes > probabilities.count { return (0, true) }
        if probabilities.count <= exactLimit {
            var distribution = [Double](repeating: 0, count: probabilities.count + 1)
            distribution[0] = 1
            var count = 0
            for p in probabilities {
                count += 1
                var k = count
                while k > 0 {
                    distribution[k] = distribution[k] * (1 - p) + distribution[k - 1] * p
                    k -= 1
                }
                distribution[0] *= 1 - p
            }
            let tail = distribution[successes...].reduce(0, +)
            return (min(1, tail), true)
        }
        let mean = probabilities.reduce(0, +)
        let variance = probabilities.reduce(0) { $0 + $1 * (1 - $1) }
        guard variance > 0 else { return (Double(successes) <= mean ? 1 : 0, false) }
        let z = (Double(successes) - 0.5 - mean) / variance.squareRoot()
        return (0.5 * erfc(z / 2.0.squareRoot()), false)
    }

    /// `p` for a message: 3 significant digits, or `< 1e-6`.
    static func format(p: Double) -> String {
        if p < 1e-6 { return "< 1e-6" }
        if p >= 0.001 { return String(format: "%.3f", p) }
        return String(format: "%.2g", p)
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%.0f%%", fraction * 100)
    }
}
