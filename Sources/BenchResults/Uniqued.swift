extension Array where Element: Equatable {
    /// The elements in order, each only the first time it appears.
    package func uniqued() -> [Element] {
        var result: [Element] = []
        for element in self where !result.contains(element) {
            result.append(element)
        }
        return result
    }
}
