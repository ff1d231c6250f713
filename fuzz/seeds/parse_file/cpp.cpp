	// geometry.cpp: shapes and a small container.
#include <string>
#include <vector>

#define GEOM_VERSION 3

namespace geom {

/// Largest supported dimension.
constexpr int kMaxDim = 3;

/// A two-dimensional point.
struct Point {
    double x = 0;
    double y = 0;

    bool operator==(const Point &other) const {
        return x == other.x && y == other.y;
    }
};

enum class Color { Red, Green, Blue };

using PointList = std::vector<Point>;
typedef unsigned int Id;

/**
 * Base class of every shape.
 */
class Shape {
public:
    explicit Shape(std::string name) : name_(std::move(name)) {}
    virtual ~Shape() = default;

    /// Area of the shape.
    virtual double area() const = 0;

    [[nodiscard]]
    const std::string &name() const { return name_; }

    static constexpr int kSides = 0;

private:
    std::string name_;
};

class Circle : public Shape {
public:
    Circle(Point center, double radius);
    ~Circle() override;
    double area() const override;
    Circle &operator+=(double delta);

private:
    Point center_;
    double radius_;
};

namespace detail {
inline double square(double v) { return v * v; }
}  // namespace detail

}  // namespace geom

namespace geom::io {

/// Formats a point.
std::string format(const geom::Point &p);

}  // namespace geom::io

geom::Circle::Circle(Point center, double radius)
    : Shape("circle"), center_(center), radius_(radius) {}

namespace geom {
Circle::~Circle() {}
}  // namespace geom

/// Area of a circle.
double ge