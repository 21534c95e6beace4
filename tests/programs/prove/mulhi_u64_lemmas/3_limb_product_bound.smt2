; A 64-bit product of zero-extended 32-bit values is at most (2^32 - 1)^2.
(set-option :timeout 60000)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (not (bvule (bvmul ((_ zero_extend 32) a) ((_ zero_extend 32) b)) #xFFFFFFFE00000001)))
(check-sat)
