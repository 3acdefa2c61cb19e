import Foundation

extension Date {
    /// The instant as result files record it: ISO 8601 in UTC, to the second, such as `2026-11-22T06:03:04Z`.
    public var resultTimestamp: String {
        formatted(.iso8601)
    }

    /// The instant, to the second in UTC, as file names take it: `2026-11-22-060304`.
    public var fileNameTimestamp: String {
        let date = formatted(.iso8601.year().month().day().dateSeparator(.dash))
        let time = formatted(.iso8601.time(includingFractionalSeconds: false).timeSeparator(.omitted))
        return date + "-" + time
    }

    /// The instant in an ISO 8601 text such as `2026-11-22T06:03:04Z`, with or without fractional seconds; nil for
    /// a text that is not one. (Foundation before Swift 6.2 refuses a fraction unless the style asks for one.)
    public init?(resultTimestamp text: String) {
        guard
            let date = (try? Date(text, strategy: .iso8601))
                ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        else {
            return nil
        }
        self = date
    }
}
