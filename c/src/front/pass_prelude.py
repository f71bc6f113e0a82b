"""
=============================================================================
CS349E · 第 12 讲共享模块：graph_lab.py —— 一个迷你的 ML 编译器前端
=============================================================================

【这个模块要解决什么问题】
    PyTorch / JAX 的程序是 Python。编译器要优化它，第一步是把它变成一张**计算图**（中间表示，IR），
    然后在图上做优化（融合、常量折叠、内存规划……），最后生成代码。这个模块把这条路完整地走一遍：

      Python 函数 ──追踪（运算符重载）──▶ 图 IR（SSA）──pass──▶ 更好的图 ──▶ 融合分区 + 代价 ──▶ numpy 代码 / 时间估计

    - 追踪（tracing）：用一个"假张量" Tensor 代替真数据调用你的函数；每次运算不真算，而是往图里记一个节点。
      Tensor 可以只带形状（只看形状的追踪，像 jax.eval_shape，用来分析 80 亿参数的模型），也可以同时带一个真值
      （像 torch.jit.trace 那样边算边记）。形状可以是符号（"S"），用来演示动态形状。
    - 图 IR：每个节点 = (运算, 输入节点, 属性, 形状)，按拓扑顺序排列，每个节点只定义一次（SSA，前置讲 P4 §3）。
    - pass：分解（decompose）、公共子表达式（CSE）、常量折叠、代数化简、死代码删除（DCE）、
      把 RMSNorm 的缩放折进下一个矩阵乘法的权重、把注意力的子图换成一个 FlashAttention 节点（模式匹配）。
    - 融合（fuse）：把图分成"内核"，每个内核读它的外部输入、写被外部用到的结果；按 roofline 估计每个内核的时间。
    - 内存规划：激活的生存期 + 贪心分配偏移，比较"不复用""贪心""下界"。
    - 动态形状与 graph break：缓存（guard）、按桶补齐、符号形状；数据依赖的分支在三种前端下的三种行为。

【运行】python3 graph_lab.py    # 自检：追踪 → 优化 → 执行的结果和第 2 讲的 numpy Transformer 一致
【依赖】numpy；自检导入 ../lecture02 的 transformer_lab（只读）。
"""

import math


from dataclasses import dataclass, field

class np: float64 = float; asarray = staticmethod(_np_asarray); shape = staticmethod(_np_shape)



# =============================================================================
# 1. 运算的分类
# =============================================================================
POINTWISE = {"add", "sub", "mul", "div", "maximum", "neg", "exp", "log", "tanh", "sqrt", "rsqrt", "recip",
             "rot_pairs", "gt", "lt"}
REDUCE = {"sum", "max"}
VIEW = {"reshape", "transpose"}
LEAF = {"input", "param", "const"}
GENERATOR = {"causal_mask"}                  # 不读数据、按下标现算的张量（像 iota 比较），在内核里"免费"生成
COMPOSITE = {"softmax", "rms_norm", "silu"}  # 高层运算：追踪时原样记下，decompose pass 把它们展开成基本运算
SPECIAL = {"matmul", "kv_write", "flash_attn"}


class TraceError(RuntimeError):
    """追踪时遇到无法记录的东西（例如依赖数据值的分支）。"""


# =============================================================================
# 2. 图 IR
# =============================================================================
@dataclass
class Node:
    """
    图里的一个节点（SSA 值）。

    【字段】id：编号（也是在 nodes 列表里的位置，删除节点后会重新编号）；op：运算名；inputs：输入节点的 id 元组；
        attrs：属性（如 axis、perm、shape、eps）；shape：输出形状（维度可以是 int 或符号 str）；name：可读的名字
    """
    id: int
    op: str
    inputs: tuple
    attrs: dict
    shape: tuple
    name: str = ""


@dataclass
class Graph:
    """
    计算图。

    【字段】nodes：按拓扑顺序的节点列表；values：常量 / 参数节点的值（id → numpy 数组或标量）；
        outputs：输出节点的 id 列表；input_names：输入名 → 节点 id；guards：追踪时记下的假设（见 §8）
    """
    nodes: list = field(default_factory=list)
    values: dict = field(default_factory=dict)
    outputs: list = field(default_factory=list)
    input_names: dict = field(default_factory=dict)
    guards: list = field(default_factory=list)

    def add(self, op, inputs, attrs, shape, name=""):
        n = Node(len(self.nodes), op, tuple(inputs), dict(attrs), tuple(shape), name)
        self.nodes.append(n)
        return n.id

    def users(self):
        """每个节点被哪些节点用到（id → 列表）。"""
        u = {n.id: [] for n in self.nodes}
        for n in self.nodes:
            for i in n.inputs:
                u[i].append(n.id)
        return u

    def count(self, kinds=None):
        """非叶子节点的个数（kinds 给定时只数这些运算）。"""
        return sum(1 for n in self.nodes if n.op not in LEAF and (kinds is None or n.op in kinds))

    def __str__(self):
        lines = []
        for n in self.nodes:
            ins = ", ".join(f"%{i}" for i in n.inputs)
            at = ", ".join(f"{k}={v}" for k, v in n.attrs.items() if k != "value")
            shp = "×".join(str(d) for d in n.shape) or "标量"
            nm = f"  # {n.name}" if n.name else ""
            lines.append(f"%{n.id:<3} = {n.op}({ins}{', ' if ins and at else ''}{at})  : [{shp}]{nm}")
        lines.append("返回 " + ", ".join(f"%{o}" for o in self.outputs))
        return "\n".join(lines)


def numel(shape, bind=None):
    """元素个数；符号维度按 bind（符号 → 整数）取值。"""
    out = 1
    for d in shape:
        out *= bind[d] if isinstance(d, str) else d
    return out


# =============================================================================
# 3. 形状推断（允许符号维度）
# =============================================================================
def broadcast(a, b):
    """numpy 的广播规则，维度可以是符号：相等、或其中一个是 1。"""
    a, b = tuple(a), tuple(b)
    n = max(len(a), len(b))
    a = (1,) * (n - len(a)) + a
    b = (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        else:
            raise ValueError(f"形状不能广播：{a} 和 {b}")
    return tuple(out)


def matmul_shape(a, b):
    """矩阵乘法：最后两维 [..., m, k] @ [..., k, n]，前面的维度广播。"""
    if a[-1] != b[-2]:
        raise ValueError(f"矩阵乘法的内维不一致：{a} @ {b}")
    batch = broadcast(a[:-2], b[:-2]) if (len(a) > 2 or len(b) > 2) else ()
    return batch + (a[-2], b[-1])


# =============================================================================
# 4. 追踪用的张量
# =============================================================================
class Tensor:
    """
    追踪用的"假张量"：记录 (图, 节点 id, 形状)，可选地带一个真值（边算边记）。

    【运算符重载】a + b、a * 2.0、a @ W、-a、a.sum(axis=-1, keepdims=True)、a.reshape(...)、a.transpose(...)
        都不真算，而是往图里加一个节点、返回新的 Tensor。如果带真值，同时用 numpy 算出新的真值。
    【分支】bool(t)（if t: ...）会按追踪器的 mode 处理：见 trace() 和 §8。
    【Python 小知识】__add__ / __radd__ 等"魔法方法"让 a + b 调用我们的函数；__radd__ 处理 2.0 + a 这种左边是数字的情况。
    """
    __array_priority__ = 1000       # 让 numpy 数组 @ Tensor 也调用我们的 __rmatmul__

    def __init__(self, tracer, nid, shape, value=None):
        self.tr, self.id, self.shape, self.value = tracer, nid, tuple(shape), value

    # ---- 二元运算 ----
    def _bin(self, other, op, rev=False):
        o = self.tr.lift(other)
        a, b = (o, self) if rev else (self, o)
        return self.tr.emit(op, [a, b], {}, broadcast(a.shape, b.shape))

    def __add__(self, o): return self._bin(o, "add")
    def __radd__(self, o): return self._bin(o, "add", True)
    def __sub__(self, o): return self._bin(o, "sub")
    def __rsub__(self, o): return self._bin(o, "sub", True)
    def __mul__(self, o): return self._bin(o, "mul")
    def __rmul__(self, o): return self._bin(o, "mul", True)
    def __truediv__(self, o): return self._bin(o, "div")
    def __rtruediv__(self, o): return self._bin(o, "div", True)
    def __neg__(self): return self.tr.emit("neg", [self], {}, self.shape)
    def __gt__(self, o): return self._bin(o, "gt")          # 比较的结果是 0 / 1 的张量
    def __lt__(self, o): return self._bin(o, "lt")

    def __matmul__(self, o):
        o = self.tr.lift(o)
        return self.tr.emit("matmul", [self, o], {}, matmul_shape(self.shape, o.shape))

    def __rmatmul__(self, o):
        o = self.tr.lift(o)
        return self.tr.emit("matmul", [o, self], {}, matmul_shape(o.shape, self.shape))

    # ---- 归约与视图 ----
    def sum(self, axis=-1, keepdims=False):
        return self.tr.emit("sum", [self], {"axis": axis, "keepdims": keepdims}, _reduced(self.shape, axis, keepdims))

    def max(self, axis=-1, keepdims=False):
        return self.tr.emit("max", [self], {"axis": axis, "keepdims": keepdims}, _reduced(self.shape, axis, keepdims))

    def reshape(self, *shape):
        return self.tr.emit("reshape", [self], {"shape": tuple(shape)}, tuple(shape))

    def transpose(self, *perm):
        return self.tr.emit("transpose", [self], {"perm": tuple(perm)}, tuple(self.shape[p] for p in perm))

    def __bool__(self):
        return self.tr.on_bool(self)

    def __repr__(self):
        return f"Tensor(%{self.id}, shape={self.shape})"


def _reduced(shape, axis, keepdims):
    ax = axis % len(shape)
    return tuple(1 if i == ax else d for i, d in enumerate(shape)) if keepdims else \
        tuple(d for i, d in enumerate(shape) if i != ax)






































































































# =============================================================================
# 6. 追踪
# =============================================================================
class Tracer:
    """
    追踪器：把一次函数调用记成一张图。

    【mode】数据依赖的分支（bool(张量)）怎样处理：
        "error"     ：抛出 TraceError（像 jax.jit：追踪时不知道数据的值）
        "specialize"：用示例输入的真值决定走哪条路，**不留任何检查**（像 torch.jit.trace：换一个输入可能悄悄算错）
        "guard"     ：用真值决定走哪条路，并把"这个条件是真 / 假"记成一个 guard，运行时检查（演示用；
                      TorchDynamo 对张量的值不这样做，而是在这里切断图——graph break，见 LazyRunner）
    """

    def __init__(self, mode="error"):
        self.g = Graph()
        self.mode = mode
        self.concrete = False          # 是否边算边记（有示例输入时为 True）；只看形状时不生成掩码这类大常量的值
        self._consts = {}

    def lift(self, x):
        """把 Python 数字 / numpy 数组变成常量节点（同一个标量只建一个节点）。"""
        if isinstance(x, Tensor):
            return x
        arr = np.asarray(x, dtype=np.float64)
        if arr.ndim == 0:
            key = float(arr)
            if key in self._consts:
                nid = self._consts[key]
                return Tensor(self, nid, (), self.g.values[nid])
            nid = self.g.add("const", [], {"value": key}, ())
            self.g.values[nid] = arr
            self._consts[key] = nid
            return Tensor(self, nid, (), arr)
        nid = self.g.add("const", [], {}, arr.shape)
        self.g.values[nid] = arr
        return Tensor(self, nid, arr.shape, arr)

    def emit(self, op, ins, attrs, shape, name=""):
        nid = self.g.add(op, [t.id for t in ins], attrs, shape, name)
        val = None
        if all(t.value is not None for t in ins) and op not in GENERATOR:
            val = eval_node(self.g.nodes[nid], [t.value for t in ins])
        elif op in GENERATOR and self.concrete and all(isinstance(d, int) for d in shape):
            val = causal_mask_np(shape, attrs)
        return Tensor(self, nid, shape, val)

    def on_bool(self, t):
        if self.mode == "error" or t.value is None:
            raise TraceError("追踪时遇到依赖数据值的分支（if 张量:）：图里没法表示\"看数据决定走哪条路\"")
        v = bool(t.value)
        if self.mode == "guard":
            self.g.guards.append(("value", t.id, v))
        return v






































# 高层运算：对 Tensor 记一个复合节点，对 numpy 数组直接算（同一份模型代码既能"立即执行"也能被追踪）
class F:
    """函数式的 API（像 torch.nn.functional）：参数是 Tensor 时记节点，是 numpy 数组时立即计算。"""

    @staticmethod
    def _un(op, x, attrs=None):
        if isinstance(x, Tensor):
            return x.tr.emit(op, [x], attrs or {}, x.shape)
        return eval_node(Node(0, op, (), attrs or {}, np.shape(x)), [np.asarray(x)])

    exp = staticmethod(lambda x: F._un("exp", x))
    tanh = staticmethod(lambda x: F._un("tanh", x))
    rsqrt = staticmethod(lambda x: F._un("rsqrt", x))
    silu = staticmethod(lambda x: F._un("silu", x))
    rot_pairs = staticmethod(lambda x: F._un("rot_pairs", x))

    @staticmethod
    def softmax(x, axis=-1):
        return F._un("softmax", x, {"axis": axis})

    @staticmethod
    def rms_norm(x, w, eps):
        if isinstance(x, Tensor):
            w = x.tr.lift(w)
            return x.tr.emit("rms_norm", [x, w], {"eps": eps}, x.shape)
        return eval_node(Node(0, "rms_norm", (), {"eps": eps}, np.shape(x)), [np.asarray(x), np.asarray(w)])

    @staticmethod
    def causal_mask(like, T, pos0=0):
        """和 like 同形状的因果掩码（0 / −∞），在内核里按下标现算，不占显存。"""
        if isinstance(like, Tensor):
            return like.tr.emit("causal_mask", [], {"T": T, "pos0": pos0}, like.shape)
        return causal_mask_np(np.shape(like), {"T": T, "pos0": pos0})

    @staticmethod
    def kv_write(cache, new, pos):
        """把新 token 的 K（或 V）写进缓存的第 pos 行（pos 可以是符号，如 "P"，运行时由 bind 给出行号）。"""
        if isinstance(cache, Tensor):
            new = cache.tr.lift(new)
            return cache.tr.emit("kv_write", [cache, new], {"pos": pos}, cache.shape)
        return eval_node(Node(0, "kv_write", (), {"pos": pos}, np.shape(cache)), [np.asarray(cache), np.asarray(new)])


















































































































































































# =============================================================================
# 9. 图上的 pass
# =============================================================================
def rebuild(g, keep, remap=None):
    """
    按 keep（要保留的节点 id 列表，拓扑顺序）重新编号，生成新图。remap：旧 id → 替代它的旧 id（用于"用 B 代替 A"）。
    """
    remap = remap or {}

    def res(i):
        while i in remap:
            i = remap[i]
        return i
    new = Graph(input_names={}, guards=list(g.guards))
    idmap = {}
    for old in keep:
        n = g.nodes[old]
        nid = new.add(n.op, [idmap[res(i)] for i in n.inputs], n.attrs, n.shape, n.name)
        idmap[old] = nid
        if old in g.values:
            new.values[nid] = g.values[old]
        if n.op == "input":
            new.input_names[n.name] = nid
    new.outputs = [idmap[res(o)] for o in g.outputs]
    new.guards = [(k, idmap.get(res(nid), nid), v) for k, nid, v in g.guards]
    return new


def dce(g):
    """死代码删除：只保留从输出能够回溯到的节点（输入节点总是保留）。"""
    live = set(g.outputs) | {nid for _, nid, _ in g.guards}
    for n in reversed(g.nodes):
        if n.id in live:
            live.update(n.inputs)
    keep = [n.id for n in g.nodes if n.id in live or n.op == "input"]
    return rebuild(g, keep)


def cse(g):
    """
    公共子表达式消除（值编号）：运算、输入、属性都相同的两个节点只保留一个。

    【边界】常量按值比较（同一个标量）；参数和输入从不合并；有副作用的运算（我们的 IR 里没有）不能合并。
    """
    seen, remap, keep = {}, {}, []

    def res(i):
        while i in remap:
            i = remap[i]
        return i
    for n in g.nodes:
        if n.op in ("input", "param"):
            keep.append(n.id)
            continue
        if n.op == "const":
            key = ("const", n.attrs.get("value", None) if n.shape == () else id(g.values[n.id]))
        else:
            key = (n.op, tuple(res(i) for i in n.inputs), tuple(sorted((k, str(v)) for k, v in n.attrs.items())))
        if key in seen:
            remap[n.id] = seen[key]
        else:
            seen[key] = n.id
            keep.append(n.id)
    return rebuild(g, keep, remap)


def constant_fold(g):
    """
    常量折叠：输入全部是常量 / 参数的节点，在编译时算出来，换成一个常量。

    【例子】参数的转置、两个参数相乘、标量的运算……推理时权重是固定的，这类计算每次前向都做一遍是浪费。
    【返回】(新图, 折叠掉的节点数)
    """
    vals = dict(g.values)
    const_ids = {n.id for n in g.nodes if n.op in ("param", "const") and n.id in vals}
    folded = 0
    new_nodes = []
    for n in g.nodes:
        if n.op not in LEAF and n.op not in GENERATOR and n.inputs and all(i in const_ids for i in n.inputs):
            vals[n.id] = eval_node(n, [vals[i] for i in n.inputs])
            const_ids.add(n.id)
            new_nodes.append(Node(n.id, "const", (), {}, n.shape, n.name or f"folded {n.op}"))
            folded += 1
        else:
            new_nodes.append(n)
    g2 = Graph(nodes=new_nodes, values=vals, outputs=list(g.outputs), input_names=dict(g.input_names),
               guards=list(g.guards))
    return dce(g2), folded


def simplify(g):
    """
    代数化简（只做"结果逐位不变"的那些）：x·1 → x，x + 0 → x，x / 1 → x，−(−x) → x，
    transpose(transpose(x)) 的两个排列复合为恒等时 → x，reshape(reshape(x)) → reshape(x)。

    【没有做的】x / c → x·(1/c)、(a + b) + c → a + (b + c)：数学上相等，浮点结果不同（前置讲 P4 §4）。
    【返回】(新图, 化简的次数)
    """
    remap, count = {}, 0
    nodes = list(g.nodes)

    def res(i):
        while i in remap:
            i = remap[i]
        return i

    def is_const(i, v):
        n = nodes[res(i)]
        return n.op == "const" and n.shape == () and float(g.values[n.id]) == v
    for idx, n in enumerate(nodes):
        ins = [res(i) for i in n.inputs]
        if n.op == "mul" and (is_const(ins[1], 1.0) or is_const(ins[0], 1.0)):
            other = ins[0] if is_const(ins[1], 1.0) else ins[1]
            if tuple(nodes[other].shape) == n.shape:
                remap[n.id] = other
                count += 1
        elif n.op in ("add", "sub") and is_const(ins[1], 0.0) and tuple(nodes[ins[0]].shape) == n.shape:
            remap[n.id] = ins[0]
            count += 1
        elif n.op == "div" and is_const(ins[1], 1.0):
            remap[n.id] = ins[0]
            count += 1
        elif n.op == "neg" and nodes[ins[0]].op == "neg":
            remap[n.id] = res(nodes[ins[0]].inputs[0])
            count += 1
        elif n.op == "transpose" and nodes[ins[0]].op == "transpose":
            p1, p2 = nodes[ins[0]].attrs["perm"], n.attrs["perm"]
            if tuple(p1[p] for p in p2) == tuple(range(len(p2))):
                remap[n.id] = res(nodes[ins[0]].inputs[0])
                count += 1
        elif n.op == "reshape" and nodes[ins[0]].op == "reshape":
            nodes[idx] = Node(n.id, "reshape", (res(nodes[ins[0]].inputs[0]),), n.attrs, n.shape, n.name)
            count += 1
    g2 = Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),
               guards=list(g.guards))
    keep = [n.id for n in nodes if n.id not in remap]
    return dce(rebuild(g2, keep, remap)), count


def decompose(g):
    """
    把复合运算展开成基本运算（像 PyTorch 的 decompositions / prims）：
        softmax(x)      → m = max(x)；e = exp(x − m)；e / sum(e)
        rms_norm(x, w)  → x · rsqrt(sum(x·x)/d + ε) · w
        silu(x)         → x / (1 + exp(−x))
    【为什么】后端只需要实现少数几十个基本运算；展开后，融合 pass 可以把它们和周围的运算重新组合（§5）。
    """
    tr = Tracer()
    tr.g.values = {}
    idmap = {}
    for n in g.nodes:
        ins = [Tensor(tr, idmap[i], g.nodes[i].shape) for i in n.inputs]
        if n.op in LEAF:
            nid = tr.g.add(n.op, [], n.attrs, n.shape, n.name)
            if n.id in g.values:
                tr.g.values[nid] = g.values[n.id]
                if n.op == "const" and n.shape == ():
                    tr._consts.setdefault(float(g.values[n.id]), nid)
            if n.op == "input":
                tr.g.input_names[n.name] = nid
            idmap[n.id] = nid
            continue
        if n.op == "softmax":
            x = ins[0]
            ax = n.attrs["axis"]
            e = F.exp(x - x.max(axis=ax, keepdims=True))
            out = e / e.sum(axis=ax, keepdims=True)
        elif n.op == "rms_norm":
            x, w = ins
            dd = x.shape[-1]
            out = x * F.rsqrt((x * x).sum(axis=-1, keepdims=True) * (1.0 / dd) + n.attrs["eps"]) * w
        elif n.op == "silu":
            x = ins[0]
            out = x / (1.0 + F.exp(-x))
        else:
            out = tr.emit(n.op, ins, n.attrs, n.shape, n.name)
        idmap[n.id] = out.id
    tr.g.outputs = [idmap[o] for o in g.outputs]
    tr.g.guards = [(k, idmap[nid], v) for k, nid, v in g.guards]
    return tr.g


def fold_norm_weight(g):
    """
    把 RMSNorm 的缩放向量 w 折进后面的矩阵乘法：(x̂ · w) @ W = x̂ @ (diag(w) · W)。

    【条件】mul(x̂, w) 的 w 是一维参数（沿最后一维广播），而且这个 mul 的**所有**使用者都是"@ 参数矩阵"。
        于是每个使用者换成 x̂ @ W'，W' = w[:, None] · W 在编译时算好（常量折叠）。
    【效果】每个 token 少做 d 次乘法、少一个逐元素运算；不改变数学结果（浮点结果有最后一位的差别）。
        量化流水线（SmoothQuant、QuaRot 等，第 3 讲）也用同样的"把逐通道的缩放折进相邻的权重"。
    【返回】(新图, 折叠了几处)
    """
    users = g.users()
    nodes = list(g.nodes)
    vals = dict(g.values)
    count = 0
    for n in g.nodes:
        if n.op != "mul":
            continue
        a, b = n.inputs
        wn = nodes[b]
        if wn.op != "param" or len(wn.shape) != 1:
            continue
        us = users[n.id]
        if not us or not all(nodes[u].op == "matmul" and nodes[u].inputs[0] == n.id and nodes[nodes[u].inputs[1]].op == "param"
                             for u in us):
            continue
        for u in us:
            W = nodes[nodes[u].inputs[1]]
            nid = len(nodes)
            nodes.append(Node(nid, "param", (), {}, W.shape, f"{W.name}·diag({wn.name})"))
            if wn.id in vals and W.id in vals:                      # 只看形状的图里没有值，只改结构
                vals[nid] = vals[wn.id][:, None] * vals[W.id]
            nodes[u] = Node(u, "matmul", (a, nid), {}, nodes[u].shape, nodes[u].name)
        count += 1
    # 新参数节点追加在末尾，需要按拓扑顺序重排：把参数节点移到最前面
    order = [n.id for n in nodes if n.op in LEAF] + [n.id for n in nodes if n.op not in LEAF]
    g2 = Graph(nodes=nodes, values=vals, outputs=list(g.outputs), input_names=dict(g.input_names), guards=list(g.guards))
    return dce(rebuild(g2, order)), count


def match_attention(g):
    """
    模式匹配：matmul(Q, transpose(K)) → mul(·, 常数) → [add(·, 因果掩码)] → softmax → matmul(·, V)
    这一串换成一个 flash_attn(Q, K, V[, mask]) 节点——就像 TorchInductor 把注意力的子图换成调用 FlashAttention。

    【为什么要在 decompose 之前做】softmax 被展开成 max、sub、exp、sum、div 以后，模式就难认了：pass 的顺序很重要。
    【返回】(新图, 替换了几处)
    """
    users = g.users()
    nodes = list(g.nodes)
    remap, count = {}, 0
    for n in g.nodes:
        if n.op != "softmax":
            continue
        x = nodes[n.inputs[0]]
        mask = None
        if x.op == "add" and nodes[x.inputs[1]].op == "causal_mask":
            mask, x = x.inputs[1], nodes[x.inputs[0]]
        if x.op != "mul" or nodes[x.inputs[1]].op != "const":
            continue
        scale = float(g.values[x.inputs[1]])
        mm = nodes[x.inputs[0]]
        if mm.op != "matmul" or nodes[mm.inputs[1]].op != "transpose":
            continue
        us = users[n.id]
        if len(us) != 1 or nodes[us[0]].op != "matmul" or nodes[us[0]].inputs[0] != n.id:
            continue
        pv = nodes[us[0]]
        q = mm.inputs[0]
        k = nodes[mm.inputs[1]].inputs[0]
        v = pv.inputs[1]
        ins = (q, k, v) + ((mask,) if mask is not None else ())
        nodes[pv.id] = Node(pv.id, "flash_attn", ins, {"scale": scale}, pv.shape, "flash_attn")
        count += 1
    g2 = Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),
               guards=list(g.guards))
    return dce(rebuild(g2, [n.id for n in nodes], remap)), count


