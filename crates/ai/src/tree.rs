//! The search tree: an arena of nodes with per-seat reward sums.

use spieltisch_core::Seen;

/// How a child is reached: a seat's action, or a chance outcome as the
/// searching seat observed it (so outcomes it cannot tell apart share a node).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Edge<A> {
    Action(A),
    Seen(Seen<A>),
}

#[derive(Debug)]
pub(crate) struct Node<A> {
    pub visits: u32,
    /// How often this node was available when its parent was visited (the
    /// information-set bandit uses it in place of the parent's visits).
    pub available: u32,
    pub children: Vec<(Edge<A>, u32)>,
}

/// An arena of nodes; node 0 is the root.
#[derive(Debug)]
pub(crate) struct Tree<A> {
    pub nodes: Vec<Node<A>>,
    /// `totals[node * seats + seat]`: the sum of that seat's rewards.
    pub totals: Vec<f64>,
    pub seats: usize,
}

impl<A: PartialEq + Clone> Tree<A> {
    pub fn new(seats: usize) -> Self {
        let mut tree = Tree { nodes: Vec::new(), totals: Vec::new(), seats };
        tree.push();
        tree
    }

    fn push(&mut self) -> u32 {
        self.nodes.push(Node { visits: 0, available: 0, children: Vec::new() });
        self.totals.extend(std::iter::repeat_n(0.0, self.seats));
        (self.nodes.len() - 1) as u32
    }

    /// The child of `node` along `edge`, looking first at position `hint`
    /// (children are usually created in legal-action order).
    pub fn find(&self, node: u32, edge: &Edge<A>, hint: usize) -> Option<u32> {
        let children = &self.nodes[node as usize].children;
        if let Some((e, c)) = children.get(hint)
            && e == edge
        {
            return Some(*c);
        }
        children.iter().find(|(e, _)| e == edge).map(|(_, c)| *c)
    }

    /// The child of `node` reached by the seat action `action` (see [`Tree::find`]).
    pub fn find_action(&self, node: u32, action: &A, hint: usize) -> Option<u32> {
        let children = &self.nodes[node as usize].children;
        let is = |e: &Edge<A>| matches!(e, Edge::Action(a) if a == action);
        if let Some((e, c)) = children.get(hint)
            && is(e)
        {
            return Some(*c);
        }
        children.iter().find(|(e, _)| is(e)).map(|(_, c)| *c)
    }

    pub fn add_child(&mut self, node: u32, edge: Edge<A>) -> u32 {
        let child = self.push();
        self.nodes[node as usize].children.push((edge, child));
        child
    }

    /// The child along `edge`, and whether it was just created.
    pub fn child_or_add(&mut self, node: u32, edge: Edge<A>) -> (u32, bool) {
        match self.find(node, &edge, 0) {
            Some(c) => (c, false),
            None => (self.add_child(node, edge), true),
        }
    }

    pub fn mean(&self, node: u32, seat: usize) -> f64 {
        let n = self.nodes[node as usize].visits;
        if n == 0 { 0.5 } else { self.totals[node as usize * self.seats + seat] / f64::from(n) }
    }

    pub fn backup(&mut self, path: &[u32], rewards: &[f64]) {
        for &node in path {
            self.nodes[node as usize].visits += 1;
            let base = node as usize * self.seats;
            for (total, r) in self.totals[base..base + self.seats].iter_mut().zip(rewards) {
                *total += r;
            }
        }
    }

    /// The part of the tree below `root`, as a tree of its own (tree reuse:
    /// the position the game reached becomes the new root).
    pub fn subtree(&self, root: u32) -> Tree<A> {
        let mut out = Tree { nodes: Vec::new(), totals: Vec::new(), seats: self.seats };
        let mut stack = vec![(root, out.push())];
        while let Some((old, new)) = stack.pop() {
            let node = &self.nodes[old as usize];
            let base = old as usize * self.seats;
            let new_base = new as usize * self.seats;
            out.totals[new_base..new_base + self.seats]
                .copy_from_slice(&self.totals[base..base + self.seats]);
            out.nodes[new as usize].visits = node.visits;
            out.nodes[new as usize].available = node.available;
            for (edge, child) in &node.children {
                let copy = out.add_child(new, edge.clone());
                stack.push((*child, copy));
            }
        }
        out
    }
}
