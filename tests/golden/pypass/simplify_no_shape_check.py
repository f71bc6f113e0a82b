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


