; A product of zero-extended 32-bit values is the same in 128 bits and in 64.
(set-option :timeout 60000)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (not (= (bvmul ((_ zero_extend 96) a) ((_ zero_extend 96) b)) ((_ zero_extend 64) (bvmul ((_ zero_extend 32) a) ((_ zero_extend 32) b))))))
(check-sat)
