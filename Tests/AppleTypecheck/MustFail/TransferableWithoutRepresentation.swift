// expected: type 'PickedPhoto' does not conform to protocol 'Transferable'
// A type loaded from a photo picker item must say how it is transferred.
import CoreTransferable
import Foundation

struct PickedPhoto: Transferable {
    var data: Data
}
