//! The syntax tree of the spec language (see `spec/README.md`).

use std::fmt;

/// Text of the syntax tree: borrowed from the program for the ops the
/// build prepared ([`super::built`]; building one allocates no text),
/// owned for ops parsed at run time.
pub type Text = std::borrow::Cow<'static, str>;

/// A position in a spec file: 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Loc {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One `op NAME { ... }` block.
#[derive(Clone, Debug, PartialEq)]
pub struct OpSpec {
    /// Fully qualified name, e.g. `stablehlo.add`.
    pub name: Text,
    /// The file the op was read from (e.g. `elementwise.hlospec`).
    pub file: &'static str,
    pub loc: Loc,
    /// Operands, attributes, regions and results, in declaration order.
    pub members: Vec<Member>,
    pub lets: Vec<Let>,
    /// Constraints in the order written (the spec's order).
    pub constraints: Vec<Constraint>,
}

impl OpSpec {
    /// The member called `name`, if any.
    pub fn member(&self, name: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.name == name)
    }

    /// The `let` called `name`, if any.
    pub fn let_def(&self, name: &str) -> Option<&Let> {
        self.lets.iter().find(|l| l.name == name)
    }

    /// Members of one kind, in declaration order.
    pub fn members_of(&self, kind: MemberKind) -> impl Iterator<Item = &Member> {
        self.members.iter().filter(move |m| m.kind == kind)
    }

    /// The constraint with this label, if any.
    pub fn constraint(&self, label: &str) -> Option<&Constraint> {
        self.constraints.iter().find(|c| c.label == label)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberKind {
    Operand,
    Attr,
    Region,
    Result,
}

impl MemberKind {
    pub fn keyword(self) -> &'static str {
        match self {
            MemberKind::Operand => "operand",
            MemberKind::Attr => "attr",
            MemberKind::Region => "region",
            MemberKind::Result => "result",
        }
    }

    pub fn from_keyword(s: &str) -> Option<MemberKind> {
        Some(match s {
            "operand" => MemberKind::Operand,
            "attr" => MemberKind::Attr,
            "region" => MemberKind::Region,
            "result" => MemberKind::Result,
            _ => return None,
        })
    }
}

/// `[(In)] kind name[?]: [variadic] typedesc [= default]`
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The spec's input label, e.g. `I2`, without parentheses.
    pub label: Option<Text>,
    pub kind: MemberKind,
    pub name: Text,
    pub optional: bool,
    pub variadic: bool,
    pub ty: TypeDesc,
    pub default: Option<Expr>,
    pub loc: Loc,
}

/// Alternatives of a type descriptor, `a | b | c`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeDesc {
    pub alts: Vec<TypeAlt>,
}

/// One alternative: an optional required rank and a base kind.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeAlt {
    pub rank: Option<u32>,
    pub base: TypeBase,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeBase {
    /// A tensor whose element type is in one of the classes (any if empty).
    Tensor(Vec<ElemClass>),
    Quantized,
    PerTensorQuantized,
    PerAxisQuantized,
    Token,
    Tuple,
    /// Any value type.
    Value,
    Function,
    Enum(Vec<String>),
    String,
    Dict,
    /// An element type given as an attribute, in one of the classes (any
    /// if empty).
    Type(Vec<ElemClass>),
    /// A scalar constant of one element type (`si64`, `i1`, `f32`).
    Scalar(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ElemClass {
    Bool,
    Integer,
    Signed,
    Unsigned,
    Float,
    Complex,
    Named(String),
}

/// `let name[(params)] = body`
#[derive(Clone, Debug, PartialEq)]
pub struct Let {
    pub name: Text,
    pub params: Vec<Text>,
    pub body: Expr,
    pub loc: Loc,
}

/// `(Cn) body [note "..."]`, with the conditions of enclosing `if g { }` groups.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// The label without parentheses, e.g. `C5` or `CH2`.
    pub label: Text,
    /// Conditions of the enclosing groups, outermost first.
    pub guards: Vec<Expr>,
    pub body: ConstraintBody,
    pub note: Option<Text>,
    pub loc: Loc,
}

impl Constraint {
    pub fn is_encoded(&self) -> bool {
        matches!(self.body, ConstraintBody::Formula(_))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ConstraintBody {
    Formula(Expr),
    /// Kept with the spec's sentence; not checkable in the language.
    NotEncoded(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(i64),
    Str(Text),
    Bool(bool),
    Name(Text),
    List(Vec<Expr>),
    /// `[body for vars in iter if filter]`; two vars bind index and element.
    Comprehension {
        body: Box<Expr>,
        vars: Vec<Text>,
        iter: Box<Expr>,
        filter: Option<Box<Expr>>,
    },
    /// `forall vars in iter: body`
    Forall {
        vars: Vec<Text>,
        iter: Box<Expr>,
        body: Box<Expr>,
    },
    /// A call of a builtin or a `let` function.
    Call {
        func: Text,
        args: Vec<Arg>,
    },
    /// `base[i, j]`, `base[a:b]`, `base[is...]`
    Index {
        base: Box<Expr>,
        indices: Vec<Index>,
    },
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A comparison chain `first op1 e1 op2 e2 ...`.
    Compare {
        first: Box<Expr>,
        rest: Vec<(CmpOp, Expr)>,
    },
    /// `c ? a : b` and `if c then a else b` (`otherwise` is `Some`), or the
    /// implication `if c then a` (`otherwise` is `None`).
    Cond {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Option<Box<Expr>>,
        /// Written with `if ... then`, not `?:` (for printing).
        keyword: bool,
    },
    /// `xs...` outside a call argument or an index: the list itself.
    Spread(Box<Expr>),
    /// `tensor<E>`: the 0-d tensor type of element type `E`.
    TensorOf(Box<Expr>),
    /// `complex<E>`: the complex element type with parts of type `E`.
    ComplexOf(Box<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub expr: Expr,
    /// Written `expr...`: the call is mapped over this argument.
    pub spread: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Index {
    At { expr: Expr, spread: bool },
    Slice(Option<Expr>, Option<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Concat,
    And,
    Or,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Concat => "++",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    NotIn,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}
