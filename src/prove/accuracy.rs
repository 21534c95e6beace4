//! The accuracy statistics of one result of a comparison — largest ULP
//! distance and where it occurs, how many inputs differ and how — and the
//! one Markdown table that shows them. `hlocheck equiv` (through
//! [`super::exec`]) and the certificates of `hlocheck prove`
//! ([`super::certificate`]) both gather and print them here.
//!
//! One side is the *reference*, the other the *candidate*. When the
//! reference is correctly rounded (a CHLO op run by the executor), an input
//! on which the two are not equal (under the NaN rule of [`super::ulp`]) is
//! one where the candidate is more than 0.5 ULP from the exact result, and
//! the ULP distance between the two results is the candidate's error in
//! whole ULPs of the format.
//!
//! Statistics are mergeable: [`Stats::merge`] is associative and
//! commutative, and gathering inputs in any grouping gives the same
//! statistics as one pass in input order (the worst input is the one of
//! largest distance, the earliest among equals).

use super::exec::{elem_text, lane_float};
use super::ulp::{float_equal, float_ulp, group, int_ulp, Ulp};
use crate::interp::tensor::{int_kind, lanes};
use crate::ir::ElementType;

/// The statistics of one result.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Stats {
    /// Result index.
    pub index: usize,
    /// The element type's name (`f16`, `i32`, ...).
    pub elem: String,
    /// Largest ULP distance over the inputs that differ.
    pub max_ulp: Ulp,
    /// The input where it occurs (`%arg0 = …`), once described.
    pub worst: Option<String>,
    /// The reference's and the candidate's values there.
    pub worst_values: Option<(String, String)>,
    /// (input index, result element) of the worst input.
    pub worst_at: Option<(u128, usize)>,
    /// Inputs on which the two are not equal (NaN rule).
    pub differing: u64,
    /// Of which NaN on one side and a number on the other.
    pub nan_mismatches: u64,
    /// Of which an infinity on one side and not the same infinity on the
    /// other (NaN cases excluded).
    pub inf_mismatches: u64,
    /// Of which +0 against −0.
    pub zero_sign_mismatches: u64,
    /// Inputs on which both are equal under the NaN rule but not bit for
    /// bit (NaNs of different payload or sign). Not counted in `differing`.
    pub payload_differences: u64,
}

/// How one lane compares.
enum Lane {
    Same,
    /// Equal under the NaN rule, bits differ.
    Payload,
    Differ {
        dist: Ulp,
        nan: bool,
        inf: bool,
        zero: bool,
    },
}

fn compare_lane(elem: &ElementType, p: u64, q: u64) -> Lane {
    if let Some(k) = lane_float(elem) {
        let f = k.format();
        let (p, q) = (p & f.all_mask(), q & f.all_mask());
        if p == q {
            return Lane::Same;
        }
        if float_equal(k, p, q) {
            return Lane::Payload;
        }
        let dist = float_ulp(k, p, q);
        let nan = dist == Ulp::NAN_VS_NUMBER;
        Lane::Differ {
            dist,
            nan,
            inf: !nan && (f.is_inf(p) || f.is_inf(q)),
            zero: f.is_zero(p) && f.is_zero(q),
        }
    } else if p == q {
        Lane::Same
    } else {
        let dist = match int_kind(elem) {
            Some(k) => int_ulp(k.bits, k.signed, p, q),
            None => Ulp(1),
        };
        Lane::Differ {
            dist,
            nan: false,
            inf: false,
            zero: false,
        }
    }
}

impl Stats {
    pub fn new(index: usize, elem: &ElementType) -> Stats {
        Stats {
            index,
            elem: elem.to_string(),
            ..Stats::default()
        }
    }

    /// Compares the reference's lanes `a` with the candidate's `b` (one
    /// result of several inputs, `per_input` elements each; input `k` of
    /// the slice is input number `base + k`).
    pub fn compare(
        &mut self,
        elem: &ElementType,
        a: &[u64],
        b: &[u64],
        base: u128,
        per_input: usize,
    ) {
        let l = lanes(elem).max(1);
        let per = per_input.max(1);
        let elems = a.len().min(b.len()) / l;
        let mut i = 0;
        while i < elems {
            // One input: its `per` elements.
            let input = base + (i / per) as u128;
            let end = (i + per).min(elems);
            let mut differ = false;
            let mut payload = false;
            let (mut nan, mut inf, mut zero) = (false, false, false);
            let mut worst: Option<(Ulp, usize)> = None;
            for e in i..end {
                for j in e * l..e * l + l {
                    match compare_lane(elem, a[j], b[j]) {
                        Lane::Same => {}
                        Lane::Payload => payload = true,
                        Lane::Differ {
                            dist,
                            nan: n,
                            inf: f,
                            zero: z,
                        } => {
                            differ = true;
                            nan |= n;
                            inf |= f;
                            zero |= z;
                            if worst.is_none_or(|(d, _)| dist > d) {
                                worst = Some((dist, e));
                            }
                        }
                    }
                }
            }
            if differ {
                self.differing += 1;
                self.nan_mismatches += nan as u64;
                self.inf_mismatches += inf as u64;
                self.zero_sign_mismatches += zero as u64;
                if let Some((dist, e)) = worst {
                    if self.worst_at.is_none() || dist > self.max_ulp {
                        self.max_ulp = dist;
                        self.worst_at = Some((input, e - i));
                        self.worst_values = Some((
                            elem_text(elem, &a[e * l..e * l + l]),
                            elem_text(elem, &b[e * l..e * l + l]),
                        ));
                        self.worst = None;
                    }
                }
            } else if payload {
                self.payload_differences += 1;
            }
            i = end;
        }
    }

    /// Adds `other` (statistics of other inputs of the same result).
    pub fn merge(&mut self, other: &Stats) {
        let take = match (&self.worst_at, &other.worst_at) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(x), Some(y)) => {
                other.max_ulp > self.max_ulp || (other.max_ulp == self.max_ulp && y < x)
            }
        };
        if take {
            self.max_ulp = other.max_ulp;
            self.worst_at = other.worst_at;
            self.worst = other.worst.clone();
            self.worst_values = other.worst_values.clone();
        }
        self.differing += other.differing;
        self.nan_mismatches += other.nan_mismatches;
        self.inf_mismatches += other.inf_mismatches;
        self.zero_sign_mismatches += other.zero_sign_mismatches;
        self.payload_differences += other.payload_differences;
    }

    /// The statistics as JSON (large numbers as strings).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "result": self.index,
            "format": self.elem,
            "max_ulp": ulp_json(self.max_ulp),
            "worst_input": self.worst,
            "worst_index": self.worst_at.map(|(i, _)| i.to_string()),
            "worst_element": self.worst_at.map(|(_, e)| e),
            "reference": self.worst_values.as_ref().map(|v| v.0.clone()),
            "candidate": self.worst_values.as_ref().map(|v| v.1.clone()),
            "differing": self.differing,
            "nan_vs_number": self.nan_mismatches,
            "inf_mismatches": self.inf_mismatches,
            "zero_sign_mismatches": self.zero_sign_mismatches,
            "nan_payload_differences": self.payload_differences,
        })
    }

    /// Reads [`Stats::to_json`] back.
    pub fn from_json(v: &serde_json::Value) -> Option<Stats> {
        let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
        let u = |k: &str| v.get(k).and_then(|x| x.as_u64());
        let max_ulp = match v.get("max_ulp")?.as_str()? {
            "nan_vs_number" => Ulp::NAN_VS_NUMBER,
            n => Ulp(n.parse().ok()?),
        };
        let worst_at = match (s("worst_index"), u("worst_element")) {
            (Some(i), Some(e)) => Some((i.parse().ok()?, e as usize)),
            _ => None,
        };
        let worst_values = match (s("reference"), s("candidate")) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => None,
        };
        Some(Stats {
            index: u("result")? as usize,
            elem: s("format")?,
            max_ulp,
            worst: s("worst_input"),
            worst_values,
            worst_at,
            differing: u("differing")?,
            nan_mismatches: u("nan_vs_number")?,
            inf_mismatches: u("inf_mismatches")?,
            zero_sign_mismatches: u("zero_sign_mismatches")?,
            payload_differences: u("nan_payload_differences")?,
        })
    }
}

/// A ULP distance in JSON: a decimal string, or `"nan_vs_number"`.
pub fn ulp_json(u: Ulp) -> serde_json::Value {
    if u == Ulp::NAN_VS_NUMBER {
        "nan_vs_number".into()
    } else {
        u.0.to_string().into()
    }
}

/// One row of the accuracy table.
pub struct Row<'s> {
    /// First column (`f16`, or `0` for a result index).
    pub label: String,
    /// How the inputs were covered (`exhaustive`, `SMT`, `sampled`).
    pub method: String,
    /// Inputs covered, as text.
    pub inputs: String,
    pub stats: &'s Stats,
    /// Extra columns, after the fixed ones.
    pub extra: Vec<String>,
}

/// The accuracy table in Markdown: `first` names the first column, `a`
/// and `b` the two sides, `extra` the extra columns' headers. With
/// `a_correctly_rounded`, the count of differing inputs is headed as the
/// count of inputs where `b` is more than 0.5 ulp from the exact result.
pub fn table(
    first: &str,
    a: &str,
    b: &str,
    a_correctly_rounded: bool,
    extra: &[&str],
    rows: &[Row],
) -> String {
    let mut head = vec![
        first.to_string(),
        "method".into(),
        "inputs".into(),
        "max ulp".into(),
        "worst input".into(),
        a.to_string(),
        b.to_string(),
        if a_correctly_rounded {
            "inputs > 0.5 ulp".into()
        } else {
            "inputs differing".into()
        },
        "NaN vs number".into(),
        "±inf".into(),
        "±0".into(),
        "NaN payloads".into(),
    ];
    head.extend(extra.iter().map(|s| s.to_string()));
    let mut s = format!("| {} |\n|{}\n", head.join(" | "), "---|".repeat(head.len()));
    for r in rows {
        let st = r.stats;
        let (x, y) = st
            .worst_values
            .clone()
            .unwrap_or_else(|| ("—".into(), "—".into()));
        let mut cells = vec![
            r.label.clone(),
            r.method.clone(),
            r.inputs.clone(),
            st.max_ulp.to_string(),
            st.worst.clone().unwrap_or_else(|| "—".into()),
            x,
            y,
            group(st.differing as u128),
            group(st.nan_mismatches as u128),
            group(st.inf_mismatches as u128),
            group(st.zero_sign_mismatches as u128),
            group(st.payload_differences as u128),
        ];
        cells.extend(r.extra.iter().cloned());
        let cells: Vec<String> = cells.into_iter().map(|c| c.replace('|', "\\|")).collect();
        s.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::float::FloatKind;

    fn f16() -> ElementType {
        ElementType::Float(FloatKind::F16)
    }

    #[test]
    fn merge_equals_one_pass() {
        // Reference 1.0 everywhere; the candidate off by 1 ulp at 3 and 7,
        // by 2 ulp at 5 and 9, −0 against +0 at 2, NaN at 4.
        let a: Vec<u64> = vec![0x3c00; 10];
        let mut b = a.clone();
        b[3] = 0x3c01;
        b[7] = 0x3bff;
        b[5] = 0x3c02;
        b[9] = 0x3bfe;
        b[4] = 0x7e00;
        let mut a2 = a.clone();
        a2[2] = 0x0000;
        b[2] = 0x8000;
        let mut whole = Stats::new(0, &f16());
        whole.compare(&f16(), &a2, &b, 0, 1);
        assert_eq!(whole.differing, 6);
        assert_eq!(whole.nan_mismatches, 1);
        assert_eq!(whole.zero_sign_mismatches, 1);
        assert_eq!(whole.max_ulp, Ulp::NAN_VS_NUMBER);
        assert_eq!(whole.worst_at, Some((4, 0)));
        // Without the NaN: the worst is the first 2-ulp input (5).
        b[4] = 0x3c00;
        let mut one = Stats::new(0, &f16());
        one.compare(&f16(), &a2, &b, 0, 1);
        assert_eq!((one.max_ulp, one.worst_at), (Ulp(2), Some((5, 0))));
        // Any split, merged in any order, gives the same.
        for cut in 0..=10 {
            let mut x = Stats::new(0, &f16());
            x.compare(&f16(), &a2[..cut], &b[..cut], 0, 1);
            let mut y = Stats::new(0, &f16());
            y.compare(&f16(), &a2[cut..], &b[cut..], cut as u128, 1);
            let mut xy = x.clone();
            xy.merge(&y);
            let mut yx = y.clone();
            yx.merge(&x);
            assert_eq!(xy, one);
            assert_eq!(yx, one);
        }
        assert_eq!(Stats::from_json(&one.to_json()), Some(one));
    }
}
